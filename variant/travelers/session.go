package travelers

import "timechess/rules"

// session is the working memory of Time Traveler's Chess for the
// computations on one position (rules.Position.Memory): whoever owns the
// position (a perft run, an engine thread, a server request) owns it, so
// nothing is shared between goroutines and no answer depends on what
// another goroutine asked. It holds what one question lends the next: the
// legal actions of recent positions (cache.go), the survey records and proof
// sets of the boards before recent actions (share.go, proof.go), the
// remembered resonance answers (memo.go), the castling geometry (castle.go),
// and nodes and surveys to reuse (node.go).
type session struct {
	off      Provers // the provers the position's variant has switched off
	offKnown bool
	legal    legalSlots
	records  recent[*record]
	proofs   recent[*proofSet]
	memo     *memoTable // allocated on first use
	castle   castleMemo
	nodes    []*node   // free nodes
	surveys  []*survey // free surveys for records and proof sets
}

// sessionOf returns the working memory of p, made on first use.
func sessionOf(p *rules.Position) *session {
	return p.Memory(newSession).(*session)
}

// newSession makes an empty session.
func newSession() any { return &session{} }

// provers returns the provers switched off for p, whose working memory s
// is: its variant's, read once (a session serves one variant).
func (s *session) provers(p *rules.Position) Provers {
	if !s.offKnown {
		s.off, s.offKnown = offIn(p), true
	}
	return s.off
}

// survey lends a survey; putSurvey gives it back.
func (s *session) survey() *survey {
	if n := len(s.surveys); n > 0 {
		sv := s.surveys[n-1]
		s.surveys = s.surveys[:n-1]
		return sv
	}
	return new(survey)
}

// putSurvey gives back a survey lent by survey.
func (s *session) putSurvey(sv *survey) { s.surveys = append(s.surveys, sv) }
