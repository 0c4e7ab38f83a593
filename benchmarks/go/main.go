// Command bench runs the macro workloads of the jgo comparison in Go, as the native reference:
// the same workloads, sizes and figures as the Java harness (package io.jgo.bench.macro), one
// workload per process, GOMAXPROCS from the environment. It prints what the Java child (Trial)
// prints, so the same runner reads both:
//
//	jgo-bench-result <figure>     one line per measured run
//	jgo-bench-starved <why>       the run could not finish (fairness: the probe was starved)
//
// Usage:
//
//	go run . -list [-set full|quick|smoke]
//	GOMAXPROCS=2 go run . -set full -workload ping-pong -warmups 3 -runs 5
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"time"
)

// A workload: its name (as in the Java harness's table) and one timed run returning the figure
// in the Java workload's unit; a run checks its own result and panics when it is wrong.
type workload struct {
	name string
	run  func() (float64, error)
}

// sets mirrors Workloads.ALL, Workloads.QUICK and Workloads.SMOKE on the Java side: same names,
// same sizes. Workloads with no Go form (short-syscall, blocking-mix) are absent.
func sets() map[string][]workload {
	return map[string][]workload{
		"full": {
			spawnJoin(1_000_000), skynet(1_000_000), skynet(10_000), goschedStorm(1_000, 1_000),
			fairness("p50", 4, 1_000), fairness("p99", 4, 1_000), fairness("max", 4, 1_000),
			sleepStorm(100_000, 20), pingPong(1_000_000, false), pingPong(1_000_000, true), threadRing(2_000_000),
			bufferedPipe(2_000_000), selectFour(1_000_000), skynetChan(1_000_000), skynetChan(10_000), mutex8(250_000),
		},
		"quick": {
			spawnJoin(100_000), skynet(100_000), skynet(10_000), goschedStorm(200, 200),
			fairness("p99", 4, 200), fairness("max", 4, 200),
			sleepStorm(10_000, 5), pingPong(100_000, false), pingPong(100_000, true), threadRing(200_000),
			bufferedPipe(200_000), selectFour(100_000), skynetChan(100_000), skynetChan(10_000), mutex8(50_000),
		},
		"smoke": {
			spawnJoin(1_000), skynet(1_000), goschedStorm(10, 10), fairness("p99", 1, 5), sleepStorm(100, 2),
			pingPong(1_000, false), pingPong(1_000, true), threadRing(1_000), bufferedPipe(1_000),
			selectFour(1_000), skynetChan(1_000), mutex8(100),
		},
	}
}

func main() {
	set := flag.String("set", "full", "sizes: full, quick or smoke")
	name := flag.String("workload", "", "the workload to run (see -list)")
	list := flag.Bool("list", false, "print the workloads of the set, one a line")
	warmups := flag.Int("warmups", 3, "runs thrown away first")
	runs := flag.Int("runs", 5, "measured runs")
	flag.Parse()

	ws, ok := sets()[*set]
	if !ok {
		fmt.Fprintf(os.Stderr, "unknown set %q (expected full, quick or smoke)\n", *set)
		os.Exit(2)
	}
	if *list {
		for _, w := range ws {
			fmt.Println(w.name)
		}
		return
	}
	var chosen *workload
	for i := range ws {
		if ws[i].name == *name {
			chosen = &ws[i]
		}
	}
	if chosen == nil {
		fmt.Fprintf(os.Stderr, "unknown workload %q in set %s; run with -list\n", *name, *set)
		os.Exit(2)
	}
	for i := 1; i <= *warmups+*runs; i++ {
		settle()
		v, err := chosen.run()
		if err != nil {
			fmt.Printf("jgo-bench-starved %v\n", err)
			return
		}
		if i <= *warmups {
			fmt.Fprintf(os.Stderr, "warm-up %d: %.2f\n", i, v)
		} else {
			fmt.Printf("jgo-bench-result %v\n", v)
		}
	}
	fmt.Fprintf(os.Stderr, "go %s GOMAXPROCS=%d\n", runtime.Version(), runtime.GOMAXPROCS(0))
}

// settle collects garbage and pauses before each run, as the Java child does.
func settle() {
	runtime.GC()
	debug.FreeOSMemory()
	time.Sleep(100 * time.Millisecond)
}

func check(ok bool, format string, args ...interface{}) {
	if !ok {
		panic(fmt.Sprintf(format, args...))
	}
}
