package custodian

// Protocol 0.8 texts for the rule examples.

const example08ID = "2f1c9a7e-4b3d-4e8a-9c21-5d6e7f8a9b0c"

// manifest08 is a valid 0.8 manifest (upstream's template with a real
// project_id).
var manifest08 = "# Memory Manifest\n\n## MemoryCustodian Protocol\n" +
	"- protocol_version: 0.8\n- entry_schema_version: 3\n- subject_schema_version: 1\n- subject_registry: subjects.md\n" +
	"- routing_schema_version: 1\n- conflict_schema_version: 1\n- initialized_with: memory-custodian 0.12.0\n" +
	"- last_migrated_with: memory-custodian 0.12.0\n- project_id: " + example08ID + "\n" +
	"- admission_policy: evidence-required\n- routing_policy: explicit-task-and-scope\n- conflict_policy: canonical-subject-and-review\n\n" +
	"## Always load\n- brief.md\n- constraints.md\n\n## Load by task\n\n" +
	"### Planning / architecture / refactoring\nLoad:\n- decisions.md\n- do-not-use.md\n\n" +
	"### Implementation / execution / debugging\nLoad:\n- decisions.md\n- do-not-use.md\nLoad if present:\n- preferences.md\n\n" +
	"### User-facing artifact / output\nLoad:\n- do-not-use.md\n\n### Preferences\nLoad if present:\n- preferences.md\n\n" +
	"### Change history / recap\nLoad:\n- decisions.md\nLoad if present:\n- changelog.md\n\n" +
	"### Memory maintenance\nLoad:\n- inbox.md\n- do-not-use.md\n\n" +
	"## Optional module index\n\n### Enabled rules\n- None enabled.\n\n### Enabled profiles\n- None enabled.\n\n### Enabled areas\n- None enabled.\n\n" +
	"## Optional rules\n`rules/` files load through declared tasks.\n\n## Optional profiles\n`profiles/` files load on request.\n\n" +
	"## Area-specific memory\n`areas/` files load through declared path globs.\n\n## Explicit only\n- archive/\n"

const subjects08 = "# Subject Registry\n\nEntries are newest first.\n\n" +
	"## MC-SUBJ-20261001-0a1b2c3d — Notes storage\n\nStatus: active\nKind: concept\nEvidence:\n- user-confirmed\n\nAliases:\n- notes storage\n"

// entry08 is an active project decision with body field body.
func entry08(id, body string) string {
	return "## " + id + " — Store notes as JSON\n\nStatus: active\nScope: project\nSubject: MC-SUBJ-20261001-0a1b2c3d\nFacet: data-model\n" +
		"Evidence:\n- user-confirmed\n\n" + body + ":\nNotes are stored as JSON files.\n\nReason:\nUsers edit them by hand.\n"
}

// areaEntry08 is an active storage-area decision with extra fields.
func areaEntry08(extra string) string {
	return "## MC-AREA-20261009-5e6f7a8b — Store drafts as JSON\n\nStatus: active\nScope: area:storage\nEntry-Type: decision\n" +
		"Subject: MC-SUBJ-20261001-0a1b2c3d\nFacet: data-model\n" + extra + "Evidence:\n- user-confirmed\n\nDecision:\nDrafts are JSON too.\n"
}

// localPref08 is an active preference with the given Scope, for a local
// overlay.
func localPref08(scope string) string {
	return "## MC-PREF-20261010-7a8b9c0d — Editor\n\nStatus: active\nScope: " + scope + "\nEvidence:\n- user-confirmed\n\nPreference:\nOpen notes in vim.\n"
}
