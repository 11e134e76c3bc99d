package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserAnalysisQueue fills the engine's analysis worker and the head of its queue from
// two other addresses, then asks for an analysis on a phone-sized screen: the panel shows it
// 2nd in line (also after asking again), then 1st when the job ahead leaves, then the engine's lines once the running
// analysis is canceled.
func TestBrowserAnalysisQueue(t *testing.T) {
	e := newEnv(t)
	running := analysisClient(t, e, net.IPv4(127, 0, 0, 2))
	queued := analysisClient(t, e, net.IPv4(127, 0, 0, 3))
	body := map[string]any{"moves": []string{"d4", "d5"}, "movetime_ms": 10000}

	// The first analysis runs: its POST is answered when it is done, so it waits in a goroutine
	// until the test cancels it.
	started := running.metric(t, "timechess_analysis_started_total")
	ctx, cancelRunning := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() {
		defer close(done)
		running.post(ctx, "/api/v1/analyze", body)
	}()
	t.Cleanup(func() { cancelRunning(); <-done })
	for deadline := time.Now().Add(20 * time.Second); running.metric(t, "timechess_analysis_started_total") == started; {
		if time.Now().After(deadline) {
			t.Fatal("the first analysis never started")
		}
		time.Sleep(20 * time.Millisecond)
	}
	var job struct {
		Job           string
		Status        string
		QueuePosition int `json:"queue_position"`
	}
	code, data := queued.post(t.Context(), "/api/v1/analyze", body)
	if code != http.StatusAccepted {
		t.Fatalf("the second analysis: %d %s, want 202", code, data)
	}
	if err := json.Unmarshal(data, &job); err != nil {
		t.Fatal(err)
	}
	if job.QueuePosition != 1 {
		t.Fatalf("the second analysis: %+v, want 1st in line", job)
	}

	p := e.client(t, "analyst-phone")
	p.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	p.open("/analysis?variant=chess&moves=e2e4,e7e5")
	p.click("analyze")
	p.waitJS(`(document.querySelector('[data-testid=analysis-queued]') || {}).textContent?.startsWith('Queued: 2nd in line')`, "the analysis 2nd in line")
	p.do(chromedp.ScrollIntoView(chromedp.CSS(`[data-testid=engine-output]`)))
	p.screenshot("page-queued-2nd")
	p.panelShot("panel-queued-2nd")
	if sw := eval[float64](p, `document.documentElement.scrollWidth`); sw > 390 {
		p.fail("the page is %v px wide on a 390 px screen", sw)
	}
	if r := p.rect(`[data-testid=analysis-queued]`); r[0] < 0 || r[0]+r[2] > 390 {
		p.fail("the queue note spans x %v..%v on a 390 px screen", r[0], r[0]+r[2])
	}

	// Asking again replaces the waiting job (one per client): it is 2nd in line again, no error.
	first := eval[string](p, `document.querySelector('[data-testid=analysis-queued]').dataset.job`)
	p.click("analyze")
	p.waitJS(fmt.Sprintf(`(() => { const q = document.querySelector('[data-testid=analysis-queued]'); return q && q.dataset.job !== %q && q.textContent.startsWith('Queued: 2nd in line'); })()`, first), "the new analysis 2nd in line")
	if msg := eval[string](p, `(document.querySelector('[data-testid=engine-output] .form-error') || {}).textContent || ''`); msg != "" {
		p.fail("asking again: %s", msg)
	}

	// The job ahead leaves the queue: the browser's moves up.
	if code, _ := queued.send(t.Context(), "DELETE", "/api/v1/analysis/"+job.Job, nil); code != http.StatusNoContent {
		t.Fatalf("DELETE the queued job: %d", code)
	}
	p.waitJS(`(document.querySelector('[data-testid=analysis-queued]') || {}).textContent?.startsWith('Queued: 1st in line')`, "the analysis 1st in line")

	// The running analysis's client goes away: the browser's analysis runs and answers.
	cancelRunning()
	p.waitJS(`/depth \d+/.test(document.querySelector('[data-testid=engine-output]').textContent) && document.querySelectorAll('[data-testid=analysis-lines] li').length > 0`, "the engine's lines")
	p.do(chromedp.ScrollIntoView(chromedp.CSS(`[data-testid=engine-output]`)))
	p.screenshot("page-queued-answered")
	p.panelShot("panel-queued-answered")
}

// panelShot saves the engine panel of the analysis page as a PNG artifact.
func (c *client) panelShot(name string) {
	c.t.Helper()
	c.elementShot(`.panel:has([data-testid=engine-output])`, name)
}

// apiClient calls the API from one loopback address of its own (the analysis queue takes one
// job per address).
type apiClient struct {
	base string
	http *http.Client
}

func analysisClient(t *testing.T, e *env, ip net.IP) *apiClient {
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}}
	c := &apiClient{base: e.url, http: &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext}}}
	t.Cleanup(c.http.CloseIdleConnections)
	return c
}

// metric reads a metric without labels from /metrics.
func (c *apiClient) metric(t *testing.T, name string) string {
	t.Helper()
	code, data := c.send(t.Context(), "GET", "/metrics", nil)
	if code != http.StatusOK {
		t.Fatalf("GET /metrics: %d", code)
	}
	for line := range strings.Lines(string(data)) {
		if value, ok := strings.CutPrefix(line, name+" "); ok {
			return strings.TrimSpace(value)
		}
	}
	t.Fatalf("no metric %s", name)
	return ""
}

func (c *apiClient) post(ctx context.Context, path string, body any) (int, []byte) {
	return c.send(ctx, "POST", path, body)
}

// send makes a request and returns the status and body; 0 when it failed.
func (c *apiClient) send(ctx context.Context, method, path string, body any) (int, []byte) {
	var rd bytes.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd.Reset(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, &rd)
	if err != nil {
		return 0, nil
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := c.http.Do(req)
	if err != nil {
		return 0, nil
	}
	defer res.Body.Close()
	var out bytes.Buffer
	out.ReadFrom(res.Body)
	return res.StatusCode, out.Bytes()
}
