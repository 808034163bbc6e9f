package layout

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// fileGraph reads the non-test files of the package in dir and returns
// their names and, for each file, the files whose top-level declarations
// it uses. An identifier counts as used when it names a top-level
// function, type, variable or constant of another file; a method's
// receiver names its type, so a method uses the file of its type. Without
// a type checker a selector x.M is taken for a use of the method M when
// only one type of the package has a method of that name, M is not Error
// or String, which most values a file holds have, and, when a struct of
// the package has a field named M, x.M is called.
func fileGraph(t *testing.T, dir string) ([]string, map[string]map[string]bool) {
	t.Helper()
	fset := token.NewFileSet()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]*ast.File{}
	var names []string
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(p)
		files[name] = f
		names = append(names, name)
	}
	sort.Strings(names)
	// home maps a top-level name (or a method name) to the files declaring it.
	home := map[string][]string{}
	declare := func(name, file string) { home[name] = append(home[name], file) }
	// receivers counts, per method name, the types that have it.
	receivers := map[string]map[string]bool{}
	// fields are the names of the fields of the package's structs.
	fields := map[string]bool{}
	for _, name := range names {
		for _, d := range files[name].Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					declare(d.Name.Name, name)
				} else {
					declare("."+d.Name.Name, name)
					if receivers[d.Name.Name] == nil {
						receivers[d.Name.Name] = map[string]bool{}
					}
					receivers[d.Name.Name][receiverType(d.Recv.List[0].Type)] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						declare(s.Name.Name, name)
						if st, ok := s.Type.(*ast.StructType); ok {
							for _, f := range st.Fields.List {
								for _, n := range f.Names {
									fields[n.Name] = true
								}
							}
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							declare(n.Name, name)
						}
					}
				}
			}
		}
	}
	edges := map[string]map[string]bool{}
	for _, name := range names {
		out := map[string]bool{}
		use := func(key string) {
			for _, to := range home[key] {
				if to != name {
					out[to] = true
				}
			}
		}
		selected := map[*ast.Ident]bool{}
		called := map[*ast.SelectorExpr]bool{}
		ast.Inspect(files[name], func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if s, ok := n.Fun.(*ast.SelectorExpr); ok {
					called[s] = true
				}
			case *ast.SelectorExpr:
				// x.M: a method or a field, or a name of another
				// package; only methods are declared under ".M". Where
				// a struct has a field of that name, only a call counts.
				selected[n.Sel] = true
				m := n.Sel.Name
				if len(receivers[m]) == 1 && m != "Error" && m != "String" && (called[n] || !fields[m]) {
					use("." + m)
				}
			case *ast.Ident:
				if !selected[n] {
					use(n.Name)
				}
			}
			return true
		})
		edges[name] = out
	}
	return names, edges
}

// receiverType is the name of a method's receiver type: T of T, *T,
// T[K] and *T[K].
func receiverType(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// components returns the strongly connected components of the graph
// (Tarjan), each sorted, the largest first.
func components(nodes []string, edges map[string]map[string]bool) [][]string {
	index := map[string]int{}
	low := map[string]int{}
	onStack := map[string]bool{}
	var stack []string
	var out [][]string
	next := 0
	var visit func(v string)
	visit = func(v string) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		tos := make([]string, 0, len(edges[v]))
		for w := range edges[v] {
			tos = append(tos, w)
		}
		sort.Strings(tos)
		for _, w := range tos {
			if _, seen := index[w]; !seen {
				visit(w)
				low[v] = min(low[v], low[w])
			} else if onStack[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] == index[v] {
			var c []string
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				c = append(c, w)
				if w == v {
					break
				}
			}
			sort.Strings(c)
			out = append(out, c)
		}
	}
	for _, v := range nodes {
		if _, seen := index[v]; !seen {
			visit(v)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}

// TestHooksFilesFormNoLargeCycle keeps the files of hooks in small
// groups: no more than 40 files, and no set of 10 or more files that all
// reach each other through the top-level names they use. Such a set can
// only be read, changed or moved together.
func TestHooksFilesFormNoLargeCycle(t *testing.T) {
	const maxFiles, maxComponent = 40, 9
	names, edges := fileGraph(t, filepath.Join("..", "..", "hooks"))
	if len(names) < 5 {
		t.Fatalf("read %d files of hooks", len(names))
	}
	if len(names) > maxFiles {
		t.Errorf("hooks has %d non-test files, at most %d: move a concern into its own package", len(names), maxFiles)
	}
	if c := components(names, edges)[0]; len(c) > maxComponent {
		t.Errorf("%d files of hooks use each other in a cycle (at most %d): %s", len(c), maxComponent, strings.Join(c, " "))
	}
}

// TestComponentsFindsACycle keeps the measurement honest: a ring of
// three files is one component, a file outside it its own.
func TestComponentsFindsACycle(t *testing.T) {
	edges := map[string]map[string]bool{
		"a": {"b": true}, "b": {"c": true}, "c": {"a": true, "d": true}, "d": {},
	}
	got := components([]string{"a", "b", "c", "d"}, edges)
	if len(got) != 2 || strings.Join(got[0], " ") != "a b c" || strings.Join(got[1], " ") != "d" {
		t.Fatalf("components = %v", got)
	}
}
