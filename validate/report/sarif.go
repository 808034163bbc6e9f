package report

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"sort"
	"strings"

	"github.com/remnant-guard/remnant-guard/validate"
)

// SARIF 2.1.0, as GitHub code scanning reads it.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool        sarifTool         `json:"tool"`
	Invocations []sarifInvocation `json:"invocations,omitempty"`
	Results     []sarifResult     `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifText struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifRule struct {
	ID                   string         `json:"id"`
	ShortDescription     sarifText      `json:"shortDescription"`
	FullDescription      sarifText      `json:"fullDescription"`
	Help                 sarifText      `json:"help"`
	DefaultConfiguration sarifConfig    `json:"defaultConfiguration"`
	Properties           map[string]any `json:"properties,omitempty"`
}

type sarifConfig struct {
	Level string `json:"level"`
}

type sarifResult struct {
	RuleID              string             `json:"ruleId"`
	RuleIndex           int                `json:"ruleIndex"`
	Level               string             `json:"level"`
	Message             sarifText          `json:"message"`
	Locations           []sarifLocation    `json:"locations"`
	PartialFingerprints map[string]string  `json:"partialFingerprints"`
	Properties          map[string]string  `json:"properties,omitempty"`
	Suppressions        []sarifSuppression `json:"suppressions,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId"`
}

// sarifSuppression says a result is accepted, and why (SARIF 2.1.0
// §3.35).
type sarifSuppression struct {
	Kind          string `json:"kind"`
	Status        string `json:"status"`
	Justification string `json:"justification,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifInvocation struct {
	ExecutionSuccessful bool                `json:"executionSuccessful"`
	Notifications       []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
}

const sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

// WriteSARIF writes rep as a SARIF 2.1.0 log with one run. The rules are
// those the results name, described from known; version is the tool's.
func WriteSARIF(w io.Writer, rep *Report, known []validate.Rule, v string) error {
	all := rep.Findings
	for _, s := range rep.Suppressed {
		all = append(all[:len(all):len(all)], s.Finding)
	}
	rules, index := sarifRules(all, known)
	run := sarifRun{
		Tool:    sarifTool{Driver: sarifDriver{Name: "remnant-guard", Version: v, InformationURI: "https://github.com/remnant-guard/remnant-guard", Rules: rules}},
		Results: []sarifResult{},
	}
	seen := map[string]int{}
	for _, f := range rep.Findings {
		r := sarifResultOf(f, index[f.RuleID])
		// The same secret twice in a file, or the same message on two
		// lines, are two alerts: number the occurrences, as GitHub does.
		h := r.PartialFingerprints["primaryLocationLineHash"]
		seen[h]++
		r.PartialFingerprints["primaryLocationLineHash"] = fmt.Sprintf("%s:%d", h, seen[h])
		run.Results = append(run.Results, r)
	}
	for _, s := range rep.Suppressed {
		r := sarifResultOf(s.Finding, index[s.RuleID])
		h := r.PartialFingerprints["primaryLocationLineHash"]
		seen[h]++
		r.PartialFingerprints["primaryLocationLineHash"] = fmt.Sprintf("%s:%d", h, seen[h])
		r.Message.Text = SuppressedNote + ": " + s.Message
		r.Suppressions = []sarifSuppression{{Kind: s.Kind, Status: "accepted", Justification: s.Justification}}
		run.Results = append(run.Results, r)
	}
	if len(rep.Skipped) > 0 {
		inv := sarifInvocation{ExecutionSuccessful: true}
		for _, s := range rep.Skipped {
			inv.Notifications = append(inv.Notifications, sarifNotification{Level: "note",
				Message:   sarifText{Text: "not scanned: " + s.Reason},
				Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{ArtifactLocation: artifact(s.Path)}}}})
		}
		run.Invocations = []sarifInvocation{inv}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{Schema: sarifSchema, Version: "2.1.0", Runs: []sarifRun{run}})
}

// sarifRules describes every rule the findings name, in ID order.
func sarifRules(fs []validate.Finding, known []validate.Rule) ([]sarifRule, map[string]int) {
	var ids []string
	index := map[string]int{}
	for _, f := range fs {
		if _, ok := index[f.RuleID]; !ok {
			index[f.RuleID] = 0
			ids = append(ids, f.RuleID)
		}
	}
	sort.Strings(ids)
	rules := make([]sarifRule, len(ids))
	for i, id := range ids {
		index[id] = i
		r, ok := validate.Find(known, id)
		if !ok {
			r = validate.Rule{ID: id, Severity: validate.Error, Summary: id}
		}
		rules[i] = sarifRuleOf(r)
	}
	return rules, index
}

func sarifRuleOf(r validate.Rule) sarifRule {
	help := r.Summary + "\n\nSee: remnant-guard rules " + r.ID
	md := r.Summary + "\n\nRun `remnant-guard rules " + r.ID + "` for details."
	if r.Bad != "" {
		help = r.Summary + "\n\nBad:\n" + r.Bad + "\n\nGood:\n" + r.Good
		md = r.Summary + "\n\n**Bad**\n\n```\n" + r.Bad + "\n```\n\n**Good**\n\n```\n" + r.Good + "\n```"
	}
	sr := sarifRule{
		ID:                   r.ID,
		ShortDescription:     sarifText{Text: r.Summary},
		FullDescription:      sarifText{Text: r.Summary},
		Help:                 sarifText{Text: help, Markdown: md},
		DefaultConfiguration: sarifConfig{Level: sarifLevel(r.Severity)},
	}
	if r.Family != "" {
		sr.Properties = map[string]any{"tags": []string{string(r.Family)}}
	}
	return sr
}

func sarifLevel(s validate.Severity) string {
	if s == validate.Error {
		return "error"
	}
	return "warning"
}

func sarifResultOf(f validate.Finding, index int) sarifResult {
	loc := sarifPhysical{ArtifactLocation: artifact(f.Path)}
	if f.Line > 0 {
		reg := &sarifRegion{StartLine: f.Line, StartColumn: f.Column, EndLine: f.EndLine, EndColumn: f.EndColumn}
		if f.Fingerprint != "" && reg.EndColumn > 0 {
			reg.EndColumn++ // secret findings end inclusive; SARIF ends exclusive
		}
		loc.Region = reg
	}
	msg := f.Message
	if f.Hint != "" {
		msg += "\n" + f.Hint
	}
	r := sarifResult{
		RuleID: f.RuleID, RuleIndex: index, Level: sarifLevel(f.Severity),
		Message:             sarifText{Text: msg},
		Locations:           []sarifLocation{{PhysicalLocation: loc}},
		PartialFingerprints: map[string]string{"primaryLocationLineHash": findingHash(f)},
	}
	if f.Commit != "" {
		r.Properties = map[string]string{"commit": f.Commit}
	}
	return r
}

// artifact is a repository-relative URI.
func artifact(p string) sarifArtifact {
	u := (&url.URL{Path: strings.TrimPrefix(p, "/")}).String()
	return sarifArtifact{URI: u, URIBaseID: "%SRCROOT%"}
}

// findingHash identifies a finding without its position: a secret by its
// fingerprint, anything else by its rule, path and message.
func findingHash(f validate.Finding) string {
	if f.Fingerprint != "" {
		return f.Fingerprint
	}
	sum := sha256.Sum256([]byte(f.RuleID + "\x00" + f.Path + "\x00" + f.Message))
	return hex.EncodeToString(sum[:16])
}
