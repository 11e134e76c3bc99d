// Package protocoltest runs the engine protocols in tests: golden
// transcripts (Transcript), an in-process engine spoken to line by line
// (Conn), a check that no goroutine is left behind (NoLeak), and the peer
// programs from Debian that the protocols are tried against (Peer).
package protocoltest
