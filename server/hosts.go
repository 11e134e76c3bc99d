package server

import (
	"net"
	"net/http"
	"strings"
)

// hostNames is the set of names a server answers to, in the Host header of a
// request (lower case, without the port). A page elsewhere whose name has
// been made to point at this server (DNS rebinding) sends its own name there,
// so it is refused. IP literals are always answered: a rebinding page cannot
// send one.
type hostNames map[string]bool

// newHostNames builds the set from the configured names; an empty list
// answers every name.
func newHostNames(names []string) hostNames {
	if len(names) == 0 {
		return nil
	}
	set := hostNames{}
	for _, n := range names {
		set[strings.ToLower(strings.TrimSuffix(n, "."))] = true
	}
	return set
}

// loopbackName is the name a server listening on a loopback address
// answers to when none are configured.
const loopbackName = "localhost"

// allows reports whether host (a Host header: a name or an IP literal, with
// or without a port) is one of the names.
func (h hostNames) allows(host string) bool {
	if h == nil {
		return true
	}
	name := host
	if n, _, err := net.SplitHostPort(host); err == nil {
		name = n
	}
	name = strings.ToLower(strings.TrimSuffix(strings.Trim(name, "[]"), "."))
	return h[name] || net.ParseIP(name) != nil
}

// checkHost answers 421 to a request whose Host the server does not answer
// to, and passes the others on.
func (s *Server) checkHost(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hosts := s.hosts.Load(); hosts != nil && !(*hosts).allows(r.Host) {
			writeError(w, fail(http.StatusMisdirectedRequest, codeUnknownHost,
				"this server does not answer to the name %q; use the address it was started on (serve --host adds a name)", r.Host))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// hostsFor returns the names a server listening on addr answers to: the
// configured ones; or, when none are configured, the loopback names for a
// loopback address and every name for any other.
func hostsFor(configured []string, addr net.Addr) hostNames {
	if len(configured) > 0 {
		return newHostNames(configured)
	}
	if tcp, ok := addr.(*net.TCPAddr); ok && tcp.IP.IsLoopback() {
		return newHostNames([]string{loopbackName})
	}
	return nil
}
