// Package all registers every timechess variant; commands import it for its
// side effect.
package all

import (
	// Each variant package registers itself in rules' registry.
	_ "timechess/variant/chess"
	_ "timechess/variant/gifford"
	_ "timechess/variant/timethief"
	_ "timechess/variant/travelers"
)
