package secrets

import (
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/remnant-guard/remnant-guard/validate"
)

// File is one file for ScanAll. If Lines is non-nil only those lines are
// scanned (see ScanLines); otherwise all of Data.
type File struct {
	Path  string
	Data  []byte
	Lines []Line
}

// ScanAll scans files in parallel, one worker per GOMAXPROCS, and returns
// the findings ordered by path, line, column and rule, and the skipped
// files ordered by path.
func (e *Engine) ScanAll(files []File) ([]validate.Finding, []validate.Skipped) {
	found := make([][]validate.Finding, len(files))
	skipped := make([]*validate.Skipped, len(files))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(len(files), 1)) {
		wg.Go(func() {
			for i := range next {
				found[i], skipped[i] = e.scanOne(&files[i])
			}
		})
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	return merge(found, skipped)
}

func (e *Engine) scanOne(f *File) ([]validate.Finding, *validate.Skipped) {
	if f.Lines != nil {
		return e.ScanLines(f.Path, f.Lines), nil
	}
	return e.ScanFile(f.Path, f.Data)
}

func merge(found [][]validate.Finding, skipped []*validate.Skipped) ([]validate.Finding, []validate.Skipped) {
	var all []validate.Finding
	for _, f := range found {
		all = append(all, f...)
	}
	slices.SortStableFunc(all, validate.Compare)
	var sk []validate.Skipped
	for _, s := range skipped {
		if s != nil {
			sk = append(sk, *s)
		}
	}
	slices.SortStableFunc(sk, func(a, b validate.Skipped) int { return strings.Compare(a.Path, b.Path) })
	return all, sk
}
