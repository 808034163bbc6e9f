package config

import (
	"bytes"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/remnant-guard/remnant-guard/internal/suggest"
	"github.com/remnant-guard/remnant-guard/internal/textsafe"
	"github.com/remnant-guard/remnant-guard/internal/tomlcheck"
	"github.com/remnant-guard/remnant-guard/validate"
)

// This file words the two mistakes people make most in a config, in
// remnant-guard's words rather than the TOML decoder's: a key that does
// not exist (with the nearest one that does) and a value of the wrong
// type (with the type the key takes). Both name the key's line.

// configType is the Go type a config file decodes into.
var configType = reflect.TypeFor[Config]()

// unknownKeyError words an unknown key, suggesting for its first part
// that does not exist the nearest key of the same table when one is close.
func unknownKeyError(path string, data []byte, k toml.Key) *Error {
	msg := fmt.Sprintf("unknown key %s", textsafe.Quote(k.String()))
	t := configType
	for _, part := range k {
		t = elem(t)
		if t.Kind() != reflect.Struct {
			break
		}
		f, ok := fieldByKey(t, part)
		if !ok {
			msg += suggest.DidYouMean(part, tomlKeys(t), "%s")
			break
		}
		t = f.Type
	}
	return &Error{Path: path, Line: tomlcheck.KeyLine(data, k), Msg: msg}
}

// elem is the type of an array's elements (of an array of arrays' too),
// or t.
func elem(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Slice {
		t = t.Elem()
	}
	return t
}

// tomlKeys lists the keys a struct decodes.
func tomlKeys(t reflect.Type) []string {
	var keys []string
	for i := range t.NumField() {
		if name := tomlName(t.Field(i)); name != "" {
			keys = append(keys, name)
		}
	}
	return keys
}

// tomlName is the key a struct field decodes, or "" for none.
func tomlName(f reflect.StructField) string {
	if !f.IsExported() {
		return ""
	}
	name, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
	if name == "-" {
		return ""
	}
	if name == "" {
		return f.Name
	}
	return name
}

func fieldByKey(t reflect.Type, key string) (reflect.StructField, bool) {
	for i := range t.NumField() {
		if f := t.Field(i); tomlName(f) == key {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

// typeMismatch is one value whose type is not the one its key takes.
type typeMismatch struct {
	key  toml.Key
	want reflect.Type
	got  any
	// gotName says what got is, when it is not got's own type (an
	// array holding a value of the wrong type).
	gotName string
	// inArray is set for a key of a table in an array of tables, whose
	// line KeyLine cannot tell from its namesakes in the other tables.
	inArray bool
	line    int
}

// typeError words the first value (by line) of the document whose type is
// not the one its key takes; ok is false when none is found (the caller
// then reports the decoder's own error).
func typeError(path string, data []byte, decodeErr error) (*Error, bool) {
	var doc map[string]any
	if _, err := toml.NewDecoder(bytes.NewReader(data)).Decode(&doc); err != nil {
		return nil, false
	}
	var found []typeMismatch
	mismatches(doc, configType, nil, false, &found)
	if len(found) == 0 {
		return nil, false
	}
	for i := range found {
		found[i].line = tomlcheck.KeyLine(data, found[i].key)
	}
	// The decoder's own error has the line, for want of a better one.
	var decodeLine int
	fmt.Sscanf(strings.TrimPrefix(decodeErr.Error(), "toml: "), "line %d", &decodeLine)
	sort.SliceStable(found, func(i, j int) bool {
		li, lj := found[i].line, found[j].line
		if (li == 0) != (lj == 0) {
			return lj == 0
		}
		if li != lj {
			return li < lj
		}
		return found[i].key.String() < found[j].key.String()
	})
	m := found[0]
	if m.inArray && decodeLine > 0 {
		m.line = decodeLine
	}
	got := m.gotName
	if got == "" {
		got = gotName(m.got)
	}
	msg := fmt.Sprintf("%s must be %s, not %s", textsafe.Quote(m.key.String()), wantName(m.want), got)
	if s, ok := m.got.(string); ok && isNumber(m.want) {
		if _, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64); err == nil {
			msg += fmt.Sprintf(": write %s = %s, without quotes", m.key[len(m.key)-1:].String(), strings.TrimSpace(s))
		}
	}
	if s, ok := m.got.(string); ok && m.want.Kind() == reflect.Bool && (s == "true" || s == "false") {
		msg += fmt.Sprintf(": write %s = %s, without quotes", m.key[len(m.key)-1:].String(), s)
	}
	return &Error{Path: path, Line: m.line, Msg: msg}, true
}

// mismatches collects the values of v (decoded without a schema) whose
// type does not fit t, the type key decodes into.
func mismatches(v any, t reflect.Type, key toml.Key, inArray bool, out *[]typeMismatch) {
	if !fits(v, t) {
		*out = append(*out, typeMismatch{key: append(toml.Key(nil), key...), want: t, got: v, inArray: inArray})
		return
	}
	switch t.Kind() {
	case reflect.Struct:
		m, _ := v.(map[string]any)
		for name, sub := range m {
			if f, ok := fieldByKey(t, name); ok {
				mismatches(sub, f.Type, append(key, name), inArray, out)
			}
		}
	case reflect.Map:
		m, _ := v.(map[string]any)
		for name, sub := range m {
			mismatches(sub, t.Elem(), append(key, name), inArray, out)
		}
	case reflect.Slice:
		switch s := v.(type) {
		case []any:
			// An array of values: the array is of the wrong type when
			// one of them is.
			for _, sub := range s {
				if t.Elem().Kind() != reflect.Slice && !fits(sub, t.Elem()) {
					*out = append(*out, typeMismatch{key: append(toml.Key(nil), key...), want: t, got: v,
						gotName: "an array holding " + gotName(sub), inArray: inArray})
					return
				}
			}
		case []map[string]any:
			for _, sub := range s {
				mismatches(sub, t.Elem(), key, true, out)
			}
		}
	}
}

// fits tells whether a value decoded without a schema may decode into t.
func fits(v any, t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Int, reflect.Int64, reflect.Int32:
		_, ok := v.(int64)
		return ok
	case reflect.Float64, reflect.Float32:
		switch v.(type) {
		case float64, int64:
			return true
		}
		return false
	case reflect.Bool:
		_, ok := v.(bool)
		return ok
	case reflect.String:
		_, ok := v.(string)
		return ok
	case reflect.Slice:
		switch v.(type) {
		case []any, []map[string]any:
			return true
		}
		return false
	case reflect.Map, reflect.Struct:
		_, ok := v.(map[string]any)
		return ok
	}
	return true
}

func isNumber(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Int, reflect.Int64, reflect.Int32, reflect.Float64, reflect.Float32:
		return true
	}
	return false
}

// wantName says what a key of type t takes.
func wantName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int64, reflect.Int32:
		return "a whole number"
	case reflect.Float64, reflect.Float32:
		return "a number"
	case reflect.Bool:
		return "true or false"
	case reflect.String:
		return "a string in quotes"
	case reflect.Slice:
		switch t.Elem().Kind() {
		case reflect.Struct:
			return "an array of tables"
		case reflect.String:
			return "an array of strings"
		}
		return "an array"
	case reflect.Map, reflect.Struct:
		return "a table"
	}
	return t.Kind().String()
}

// gotName says what type a value decoded without a schema has.
func gotName(v any) string {
	switch v.(type) {
	case int64:
		return "a whole number"
	case float64:
		return "a fractional number"
	case bool:
		return "true or false"
	case string:
		return "a string"
	case []any:
		return "an array"
	case []map[string]any:
		return "an array of tables"
	case map[string]any:
		return "a table"
	case time.Time:
		return "a date or time"
	}
	return "a value of another type"
}

// unknownRuleError words a [rules] key naming no rule, suggesting the
// nearest rule id when one is close.
func unknownRuleError(path string, line int, id string, known []validate.Rule) *Error {
	ids := make([]string, len(known))
	for i, r := range known {
		ids[i] = r.ID
	}
	return &Error{Path: path, Line: line, Msg: fmt.Sprintf("unknown rule %s%s; remnant-guard rules lists them",
		textsafe.Quote(id), suggest.DidYouMean(id, ids, "%s"))}
}
