package main

import (
	"fmt"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// spawn-join: start n trivial goroutines from main, join them with one WaitGroup; ns per task.
func spawnJoin(n int) workload {
	return workload{"spawn-join", func() (float64, error) {
		var wg sync.WaitGroup
		var count int64
		start := time.Now()
		wg.Add(n)
		for i := 0; i < n; i++ {
			go func() {
				atomic.AddInt64(&count, 1)
				wg.Done()
			}()
		}
		wg.Wait()
		el := time.Since(start)
		check(count == int64(n), "spawn-join ran %d of %d", count, n)
		return float64(el.Nanoseconds()) / float64(n), nil
	}}
}

func sizeName(base string, leaves int) string {
	if leaves == 1_000_000 {
		return base
	}
	if leaves >= 1000 {
		return fmt.Sprintf("%s-%dk", base, leaves/1000)
	}
	return fmt.Sprintf("%s-%d", base, leaves)
}

// skynet (WaitGroup form): a goroutine per node of a 10-ary tree; each node joins its children
// with a WaitGroup and sums their result slots; ms.
func skynet(leaves int) workload {
	return workload{sizeName("skynet", leaves), func() (float64, error) {
		var root int64
		start := time.Now()
		skynetNode(0, int64(leaves), &root)
		el := time.Since(start)
		want := int64(leaves) * int64(leaves-1) / 2
		check(root == want, "skynet sum %d, expected %d", root, want)
		return float64(el.Nanoseconds()) / 1e6, nil
	}}
}

func skynetNode(num, size int64, out *int64) {
	if size == 1 {
		*out = num
		return
	}
	var sums [10]int64
	var wg sync.WaitGroup
	wg.Add(10)
	child := size / 10
	for i := 0; i < 10; i++ {
		go func(i int) {
			skynetNode(num+int64(i)*child, child, &sums[i])
			wg.Done()
		}(i)
	}
	wg.Wait()
	var total int64
	for _, s := range sums {
		total += s
	}
	*out = total
}

// skynet-chan: Go's original skynet; a goroutine and an unbuffered channel per node; ms.
func skynetChan(leaves int) workload {
	return workload{sizeName("skynet-chan", leaves), func() (float64, error) {
		start := time.Now()
		root := make(chan int64)
		go skynetChanNode(root, 0, int64(leaves))
		got := <-root
		el := time.Since(start)
		want := int64(leaves) * int64(leaves-1) / 2
		check(got == want, "skynet-chan sum %d, expected %d", got, want)
		return float64(el.Nanoseconds()) / 1e6, nil
	}}
}

func skynetChanNode(parent chan<- int64, num, size int64) {
	if size == 1 {
		parent <- num
		return
	}
	rc := make(chan int64)
	child := size / 10
	for i := int64(0); i < 10; i++ {
		go skynetChanNode(rc, num+i*child, child)
	}
	var sum int64
	for i := 0; i < 10; i++ {
		sum += <-rc
	}
	parent <- sum
}

// gosched-storm: g goroutines each call runtime.Gosched() y times; ns per yield.
func goschedStorm(g, y int) workload {
	return workload{"gosched-storm", func() (float64, error) {
		var wg sync.WaitGroup
		var count int64
		start := time.Now()
		wg.Add(g)
		for i := 0; i < g; i++ {
			go func() {
				for j := 0; j < y; j++ {
					runtime.Gosched()
				}
				atomic.AddInt64(&count, int64(y))
				wg.Done()
			}()
		}
		wg.Wait()
		el := time.Since(start)
		check(count == int64(g*y), "gosched-storm counted %d yields", count)
		return float64(el.Nanoseconds()) / float64(g*y), nil
	}}
}

// sleep-storm: n goroutines each sleep 1 ms r times, all at once; ms.
func sleepStorm(n, r int) workload {
	return workload{"sleep-storm", func() (float64, error) {
		var wg sync.WaitGroup
		var count int64
		start := time.Now()
		wg.Add(n)
		for i := 0; i < n; i++ {
			go func() {
				for j := 0; j < r; j++ {
					time.Sleep(time.Millisecond)
				}
				atomic.AddInt64(&count, 1)
				wg.Done()
			}()
		}
		wg.Wait()
		el := time.Since(start)
		check(count == int64(n), "sleep-storm: %d of %d sleepers finished", count, n)
		return float64(el.Nanoseconds()) / 1e6, nil
	}}
}

// ping-pong: round trips over two unbuffered channels; the pinging side is main itself
// (ping-pong-main) or a goroutine main starts and waits for; ns per round trip.
func pingPong(rounds int, fromMain bool) workload {
	name := "ping-pong"
	if fromMain {
		name = "ping-pong-main"
	}
	return workload{name, func() (float64, error) {
		ping := make(chan int)
		pong := make(chan int)
		go func() {
			for v := range ping {
				pong <- v + 1
			}
		}()
		var el time.Duration
		pinger := func() {
			start := time.Now()
			for i := 0; i < rounds; i++ {
				ping <- i
				v := <-pong
				check(v == i+1, "ping-pong: sent %d, got %d", i, v)
			}
			el = time.Since(start)
		}
		if fromMain {
			pinger()
		} else {
			done := make(chan struct{})
			go func() {
				pinger()
				close(done)
			}()
			<-done
		}
		close(ping)
		return float64(el.Nanoseconds()) / float64(rounds), nil
	}}
}

// thread-ring: 503 goroutines in a ring of unbuffered channels pass a token; ns per hop.
func threadRing(hops int) workload {
	return workload{"thread-ring", func() (float64, error) {
		const ring = 503
		chans := make([]chan int, ring)
		for i := range chans {
			chans[i] = make(chan int)
		}
		done := make(chan int)
		for i := 0; i < ring; i++ {
			in, out, id := chans[i], chans[(i+1)%ring], i
			go func() {
				for t := range in {
					if t == 0 {
						done <- id
						return
					}
					out <- t - 1
				}
			}()
		}
		start := time.Now()
		chans[0] <- hops
		last := <-done
		el := time.Since(start)
		check(last == hops%ring, "thread-ring ended at %d, expected %d", last, hops%ring)
		for i := range chans {
			close(chans[i])
		}
		return float64(el.Nanoseconds()) / float64(hops), nil
	}}
}

// buffered-pipe: 4 producers and 4 consumers move items through one channel of capacity 128; ns per item.
func bufferedPipe(items int) workload {
	return workload{"buffered-pipe", func() (float64, error) {
		c := make(chan int, 128)
		var producers, consumers sync.WaitGroup
		var sum int64
		per := items / 4
		start := time.Now()
		for p := 0; p < 4; p++ {
			producers.Add(1)
			go func() {
				for i := 0; i < per; i++ {
					c <- i
				}
				producers.Done()
			}()
		}
		for k := 0; k < 4; k++ {
			consumers.Add(1)
			go func() {
				var s int64
				for v := range c {
					s += int64(v)
				}
				atomic.AddInt64(&sum, s)
				consumers.Done()
			}()
		}
		producers.Wait()
		close(c)
		consumers.Wait()
		el := time.Since(start)
		want := 4 * int64(per) * int64(per-1) / 2
		check(sum == want, "buffered-pipe sum %d, expected %d", sum, want)
		return float64(el.Nanoseconds()) / float64(items), nil
	}}
}

// select-4: one consumer selects over 4 unbuffered channels fed by 4 producers; ns per item.
func selectFour(items int) workload {
	return workload{"select-4", func() (float64, error) {
		var cs [4]chan int
		for i := range cs {
			cs[i] = make(chan int)
		}
		per := items / 4
		start := time.Now()
		for i := range cs {
			c := cs[i]
			go func() {
				for j := 0; j < per; j++ {
					c <- 1
				}
			}()
		}
		got := 0
		for got < per*4 {
			select {
			case v := <-cs[0]:
				got += v
			case v := <-cs[1]:
				got += v
			case v := <-cs[2]:
				got += v
			case v := <-cs[3]:
				got += v
			}
		}
		el := time.Since(start)
		return float64(el.Nanoseconds()) / float64(per*4), nil
	}}
}

// mutex-8: 8 goroutines lock, increment, unlock perParty times each; ns per lock.
func mutex8(perParty int) workload {
	return workload{"mutex-8", func() (float64, error) {
		var mu sync.Mutex
		var wg sync.WaitGroup
		counter := 0
		start := time.Now()
		wg.Add(8)
		for p := 0; p < 8; p++ {
			go func() {
				for i := 0; i < perParty; i++ {
					mu.Lock()
					counter++
					mu.Unlock()
				}
				wg.Done()
			}()
		}
		wg.Wait()
		el := time.Since(start)
		check(counter == 8*perParty, "mutex-8 counted %d, expected %d", counter, 8*perParty)
		return float64(el.Nanoseconds()) / float64(8*perParty), nil
	}}
}

// hogLimit bounds a hog's loop, as the Java side's jgo hogs are bounded (4 x 5 s): a probe still
// running then was starved.
const hogLimit = 20 * time.Second

// fairness-p50/-p99/-max: hogs CPU-bound goroutines (half calling a function in their loop, half
// a call-free loop that Go preempts asynchronously) beside a probe that sleeps 1 ms samples times;
// each sample's lateness is measured from when it was due (the first 1 ms after the probe
// started, each next 1 ms after the last wake-up); the figure is a percentile of it, in ms.
func fairness(stat string, hogs, samples int) workload {
	return workload{"fairness-" + stat, func() (float64, error) {
		var done, limitHit int32
		limit := time.Now().Add(hogLimit)
		var wg sync.WaitGroup
		for i := 0; i < hogs; i++ {
			wg.Add(1)
			calls := i%2 == 0
			go func() {
				if calls {
					hogWithCalls(&done, limit)
				} else {
					hogWithoutCalls(&done, limit)
				}
				if atomic.LoadInt32(&done) == 0 {
					atomic.StoreInt32(&limitHit, 1)
				}
				wg.Done()
			}()
		}
		late := make([]time.Duration, 0, samples)
		wg.Add(1)
		go func() {
			due := time.Now().Add(time.Millisecond)
			for len(late) < samples {
				time.Sleep(time.Millisecond)
				now := time.Now()
				l := now.Sub(due)
				if l < 0 {
					l = 0
				}
				late = append(late, l)
				due = now.Add(time.Millisecond)
			}
			atomic.StoreInt32(&done, 1)
			wg.Done()
		}()
		wg.Wait()
		if atomic.LoadInt32(&limitHit) != 0 {
			return 0, fmt.Errorf("the hogs ran until their limit: the probe took %d of %d samples", len(late), samples)
		}
		check(len(late) == samples, "the probe took %d samples", len(late))
		sort.Slice(late, func(a, b int) bool { return late[a] < late[b] })
		var v time.Duration
		switch stat {
		case "p50":
			v = late[(len(late)-1)*50/100]
		case "p99":
			v = late[(len(late)-1)*99/100]
		default:
			v = late[len(late)-1]
		}
		return float64(v.Nanoseconds()) / 1e6, nil
	}}
}

//go:noinline
func step(x uint64) uint64 {
	for i := 0; i < 100; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	return x
}

func hogWithCalls(done *int32, limit time.Time) uint64 {
	var x uint64
	for atomic.LoadInt32(done) == 0 && time.Now().Before(limit) {
		x = step(x)
	}
	return x
}

func hogWithoutCalls(done *int32, limit time.Time) uint64 {
	var x uint64
	for atomic.LoadInt32(done) == 0 && time.Now().Before(limit) {
		for i := 0; i < 100; i++ {
			x = x*6364136223846793005 + 1442695040888963407
		}
	}
	return x
}
