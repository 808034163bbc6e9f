// Command startbench measures how long commands take to start and finish,
// side by side: it runs them in turn, round after round, so that a machine
// loaded by other work slows them all alike, and prints each command's
// median and mean wall time, its median's ratio to the first command's, and
// its median CPU time (user + system).
// hyperfine -N does the same for commands that read nothing; startbench
// also feeds a command a file on stdin, as a coding agent feeds its hooks.
//
//	go run ./internal/startbench -n 2000 ./min -- './remnant-guard version' -- './remnant-guard agent-hook <payload.json'
//
// Commands are separated by "--"; a last word "<file" is the command's stdin.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"
)

type command struct {
	label string
	argv  []string
	stdin string
	times []time.Duration
	cpu   []time.Duration // user + system time of the process
}

func main() {
	n := flag.Int("n", 1000, "rounds")
	warmup := flag.Int("warmup", 50, "rounds run first and not counted")
	flag.Parse()
	cmds, err := parseCommands(flag.Args())
	if err != nil {
		fmt.Fprintf(os.Stderr, "startbench: %v\n", err)
		os.Exit(2)
	}
	for round := 0; round < *warmup+*n; round++ {
		for _, c := range cmds {
			d, cpu, err := c.run()
			if err != nil {
				fmt.Fprintf(os.Stderr, "startbench: %s: %v\n", c.label, err)
				os.Exit(1)
			}
			if round >= *warmup {
				c.times = append(c.times, d)
				c.cpu = append(c.cpu, cpu)
			}
		}
	}
	base := median(cmds[0].times)
	for _, c := range cmds {
		m := median(c.times)
		fmt.Printf("%-60s median %6.3f ms  mean %6.3f ms  x%.2f  cpu median %6.3f ms\n", c.label, ms(m), ms(mean(c.times)), float64(m)/float64(base), ms(median(c.cpu)))
	}
}

func parseCommands(args []string) ([]*command, error) {
	var out []*command
	for _, group := range splitGroups(args) {
		c := &command{label: strings.Join(group, " ")}
		if last := group[len(group)-1]; strings.HasPrefix(last, "<") {
			c.stdin, group = last[1:], group[:len(group)-1]
		}
		c.argv = group
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no command given")
	}
	return out, nil
}

// splitGroups splits the arguments at "--"; a single argument holding
// spaces is split into words.
func splitGroups(args []string) [][]string {
	var out [][]string
	var cur []string
	flush := func() {
		if len(cur) == 1 && strings.Contains(cur[0], " ") {
			cur = strings.Fields(cur[0])
		}
		if len(cur) > 0 {
			out = append(out, cur)
		}
		cur = nil
	}
	for _, a := range args {
		if a == "--" {
			flush()
			continue
		}
		cur = append(cur, a)
	}
	flush()
	return out
}

func (c *command) run() (wall, cpu time.Duration, err error) {
	cmd := exec.Command(c.argv[0], c.argv[1:]...)
	if c.stdin != "" {
		f, err := os.Open(c.stdin)
		if err != nil {
			return 0, 0, err
		}
		defer f.Close()
		cmd.Stdin = f
	}
	start := time.Now()
	err = cmd.Run()
	wall = time.Since(start)
	if cmd.ProcessState != nil {
		cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	return wall, cpu, err
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func mean(ds []time.Duration) time.Duration {
	var t time.Duration
	for _, d := range ds {
		t += d
	}
	return t / time.Duration(len(ds))
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
