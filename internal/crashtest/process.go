package crashtest

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os/exec"
	"syscall"
	"time"
)

// serveProcess is one life of `timechess serve`: from its start to its
// death.
type serveProcess struct {
	cmd     *exec.Cmd
	exited  chan struct{} // closed when the process has ended
	waitErr error         // why it ended; valid once exited is closed
	// Started is when the process was started, Ended when it was seen dead.
	Started, Ended time.Time
}

// startServe starts binary's serve verb on addr over dsn, its output going
// to log, and waits until it answers /healthz.
func startServe(ctx context.Context, binary, addr, dsn string, log io.Writer) (*serveProcess, error) {
	cmd := exec.Command(binary, "serve", "--addr", addr, "--db", dsn, "--no-rate-limits")
	cmd.Stdout, cmd.Stderr = log, log
	p := &serveProcess{cmd: cmd, exited: make(chan struct{}), Started: time.Now()}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s serve: %w", binary, err)
	}
	go func() {
		p.waitErr = cmd.Wait()
		close(p.exited)
	}()
	if err := p.waitHealthy(ctx, "http://"+addr+"/healthz"); err != nil {
		p.kill()
		return nil, err
	}
	return p, nil
}

// healthTimeout bounds the wait for a started server to answer.
const healthTimeout = time.Minute

// waitHealthy polls url until it answers 200, the process ends, or the
// wait times out.
func (p *serveProcess) waitHealthy(ctx context.Context, url string) error {
	client := &http.Client{Timeout: time.Second}
	deadline := time.Now().Add(healthTimeout)
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		if res, err := client.Do(req); err == nil {
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-p.exited:
			return fmt.Errorf("the server ended before it answered %s: %v", url, p.waitErr)
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the server did not answer %s within %v", url, healthTimeout)
		}
	}
}

// kill ends the process with SIGKILL and waits for it.
func (p *serveProcess) kill() {
	p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.exited
	p.Ended = time.Now()
}

// stop ends the process with SIGTERM, the graceful shutdown, and returns an
// error unless it exits with status 0 within the timeout.
func (p *serveProcess) stop(timeout time.Duration) error {
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		return err
	}
	select {
	case <-p.exited:
		p.Ended = time.Now()
		if p.waitErr != nil {
			return fmt.Errorf("the server's graceful shutdown failed: %w", p.waitErr)
		}
		return nil
	case <-time.After(timeout):
		p.kill()
		return fmt.Errorf("the server did not shut down within %v of SIGTERM", timeout)
	}
}

// freeLoopbackAddr returns a loopback address with a port that was free a
// moment ago.
func freeLoopbackAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	addr := ln.Addr().String()
	return addr, ln.Close()
}
