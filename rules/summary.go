package rules

import "fmt"

// Summary is a registered variant as listings show it (the CLI's variants
// verb, the server's GET /api/v1/variants): its names, its board's size and
// its start position.
type Summary struct {
	Name   string `json:"name"`
	Title  string `json:"title"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Start  string `json:"start"`
}

// Summaries describes the registered variants, in the order of Names.
func Summaries() ([]Summary, error) {
	out := []Summary{}
	for _, name := range Names() {
		v, err := Lookup(name)
		if err != nil {
			return nil, err
		}
		s := v.Spec()
		p, err := NewPosition(v, s.Start)
		if err != nil {
			return nil, fmt.Errorf("variant %s: start position: %w", name, err)
		}
		g := p.Geometry()
		out = append(out, Summary{Name: s.Name, Title: s.Title, Width: g.W, Height: g.H, Start: s.Start})
	}
	return out, nil
}
