package validate

import (
	"strings"
	"testing"
)

func TestApplyDirectives(t *testing.T) {
	fs := []Finding{
		{RuleID: "a", Line: 0}, {RuleID: "a", Line: 3}, {RuleID: "b", Line: 3},
		{RuleID: "b", Line: 4}, {RuleID: "c", Line: 3}, {RuleID: "d", Line: 5},
	}
	src := "one\n<!-- remnant-guard:disable-next-line b, c -->\nthree\n<!--remnant-guard:disable a-->\nfive\n"
	got := ApplyDirectives([]byte(src), append([]Finding(nil), fs...))
	var ids []string
	for _, f := range got {
		ids = append(ids, f.RuleID+":"+string(rune('0'+f.Line)))
	}
	if want := "b:4 d:5"; strings.Join(ids, " ") != want {
		t.Errorf("kept %v, want %s", ids, want)
	}
}

func TestApplyDirectivesCRLFAndNone(t *testing.T) {
	src := "x\r\n<!-- remnant-guard:disable-next-line r -->\r\ny\r\n"
	got := ApplyDirectives([]byte(src), []Finding{{RuleID: "r", Line: 3}, {RuleID: "r", Line: 2}})
	if len(got) != 1 || got[0].Line != 2 {
		t.Errorf("got %+v", got)
	}
	fs := []Finding{{RuleID: "r", Line: 1}}
	if got := ApplyDirectives([]byte("no directives\n"), fs); len(got) != 1 {
		t.Errorf("dropped a finding without directives: %+v", got)
	}
	if got := ApplyDirectives([]byte("<!-- remnant-guard:disable -->\n"), fs); len(got) != 1 {
		t.Errorf("a directive without IDs must disable nothing: %+v", got)
	}
}
