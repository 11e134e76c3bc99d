package notation_test

import (
	"fmt"

	"timechess/notation"
	"timechess/rules"
)

func ExampleSAN() {
	v, _ := rules.Lookup("chess")
	p, _ := rules.NewPosition(v, "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")
	for _, m := range p.Legal(nil) {
		if m.To.String() == "d2" {
			fmt.Println(notation.SAN(p, m), notation.Coord(p, m))
		}
	}
	// Output:
	// Kd2 e1d2
	// Nbd2 b1d2
	// Nfd2 f3d2
}

func ExampleParse() {
	v, _ := rules.Lookup("chess")
	p, _ := rules.NewPosition(v, v.Spec().Start)
	for _, text := range []string{"Nf3", "P e2-e4", "e7e5", "Nf9"} {
		m, err := notation.Parse(p, text)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(notation.Coord(p, m))
	}
	// Output:
	// g1f3
	// e2e4
	// "e7e5": e7 holds a black pawn, but white is to move
	// "Nf9": f9 is not a square of an 8x8 board
}

func ExampleParseMoves() {
	v, _ := rules.Lookup("chess")
	p, _ := rules.NewPosition(v, v.Spec().Start)
	moves, err := notation.ParseMoves(p, "1. f3 e5 2. g4 Qh4#")
	fmt.Println(len(moves), err, p.Status().Reason)
	_, err = notation.ParseMoves(p, "a3")
	fmt.Println(err)
	// Output:
	// 4 <nil> checkmate
	// move 1 (a3): white has no legal move (checkmate)
}
