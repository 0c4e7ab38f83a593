module jgo.io/bench/go

go 1.19
