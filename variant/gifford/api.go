package gifford

import "timechess/rules"

// TravelsLeft returns how many backward travels colour c may still make in p
// (ruling G5: at most two per side), for displays such as the server's.
func TravelsLeft(p *rules.Position, c rules.Color) int {
	return max(0, maxTravels-int(p.Travels[c]))
}
