package server

// The server offers every variant of the build, whoever embeds it: importing
// variant/all registers them in the rules registry.
import _ "timechess/variant/all"
