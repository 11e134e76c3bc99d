package loadgen

import (
	"fmt"
	"net"
	"net/url"
	"strings"
)

// CheckLoopback returns an error unless rawURL is an http or https URL of a
// loopback host (127.0.0.0/8, ::1 or "localhost"): a load generator must
// never be pointed at someone else's machine.
func CheckLoopback(rawURL string) error {
	u, err := url.Parse(rawURL)
	if err != nil {
		return fmt.Errorf("server URL %q: %w", rawURL, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return fmt.Errorf("server URL %q: the scheme must be http or https, not %q", rawURL, u.Scheme)
	}
	host := u.Hostname()
	if host == "" {
		return fmt.Errorf("server URL %q has no host", rawURL)
	}
	if strings.EqualFold(host, "localhost") {
		return nil
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("server URL %q: the load generator only targets loopback addresses (127.0.0.1, ::1, localhost), not %q", rawURL, host)
	}
	return nil
}
