module timechess

go 1.26.8
