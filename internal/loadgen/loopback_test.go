package loadgen

import "testing"

// TestCheckLoopback: only http(s) URLs of loopback hosts pass.
func TestCheckLoopback(t *testing.T) {
	cases := []struct {
		url string
		ok  bool
	}{
		{"http://127.0.0.1:8080", true},
		{"http://127.8.9.10", true}, // all of 127.0.0.0/8 is loopback
		{"https://localhost:8443/", true},
		{"http://LOCALHOST:1", true},
		{"http://[::1]:8080", true},
		{"http://10.0.0.1:8080", false},
		{"http://example.com", false},
		{"http://0.0.0.0:8080", false}, // unspecified, not loopback
		{"http://[::]:8080", false},
		{"ws://127.0.0.1:8080", false}, // the base URL is HTTP
		{"127.0.0.1:8080", false},      // no scheme
		{"http://", false},
		{"http://localhost.example.com", false},
		{"http://%zz", false},
	}
	for _, c := range cases {
		err := CheckLoopback(c.url)
		if (err == nil) != c.ok {
			t.Errorf("CheckLoopback(%q) = %v, want ok=%v", c.url, err, c.ok)
		}
	}
}
