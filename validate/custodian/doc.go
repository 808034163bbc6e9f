// Package custodian validates MemoryCustodian project memory: a committed
// directory (docs/memory by default) of Markdown files routed to tasks by
// manifest.md, protocols 0.5 to 0.8.
//
// The package is pure. It reads memory through an io/fs.FS rooted at the
// memory directory and never runs git or opens files itself; callers pass
// the working tree, the index or a commit as an fs.FS.
//
//   - Check validates one memory directory and the agent entry files.
//   - AppendOnly compares two versions of it and reports decisions and
//     tombstones that were edited or removed.
//   - Route explains which files a task loads and packs them under their
//     token budgets, never cutting an entry.
//   - StaleFinding and AreaMap support the git-based staleness check done
//     by the caller.
//   - Focus runs one of upstream's focused checks (routing, reachability,
//     freshness, conflicts) and reports upstream's MC-ROUTING, MC-REACH,
//     MC-FRESH and MC-CONFLICT codes; the caller passes the repository as
//     an fs.FS and the HEAD hash.
//
// Memory files are read through validate's reading layer, in the dialects
// of the reference: validate.CustodianLines (Python text and the 0.9.1
// CLI's fences and comments) for units, and validate.CustodianLexing (the
// Markdown lexing of protocol 0.7 and later) for manifests of 0.7 and
// later and for formal entries. validate/doc.go lists how the dialects
// differ from CommonMark, which Remnant's files are read in.
//
// Files parse into units: a file's `##` sections, or its top-level bullets
// when it has no `##` heading. Positions are 1-based; a finding about a
// whole file has line 0. Suppression comments are applied through
// validate.ApplyDirectives.
//
// Rules (severity in brackets):
//
//	custodian-manifest-missing        [error]   no manifest.md
//	custodian-manifest-syntax         [warning] `###` under `## Load by task` that is no canonical route
//	custodian-protocol-version        [error]   protocol metadata missing/invalid, or not 0.5-0.8
//	custodian-always-load             [error]   `## Always load` missing or repeated
//	custodian-missing-route           [error]   a category's canonical route heading is missing
//	custodian-duplicate-category      [error]   a category's canonical route heading repeated
//	custodian-manifest-mentions       [error]   brief.md, do-not-use.md, archive/, rules/, profiles/ (areas/) not mentioned
//	custodian-unsafe-route-path       [error]   absolute, `..`, `\`, colon, not .md, symlink escape
//	custodian-duplicate-route-path    [error]   a path twice in Always load plus a route
//	custodian-not-utf8                [error]   memory or agent entry file is not UTF-8
//	custodian-missing-route-target    [error]   a required route file does not exist
//	custodian-inbox-route             [warning] inbox.md routed outside memory maintenance
//	custodian-unindexed-module        [error]   rules/, profiles/, areas/ file not in the module index
//	custodian-missing-indexed-module  [warning] module index lists a missing file
//	custodian-core-file-missing       [error]   brief, decisions, constraints, do-not-use or inbox missing
//	custodian-brief-scaffold          [error]   brief.md still upstream's scaffold
//	custodian-over-budget             [error]   file over its token budget
//	custodian-near-budget             [warning] file at 80% of its budget or more
//	custodian-decision-too-long       [error]   decision entry over 120 tokens
//	custodian-decision-empty          [error]   decision entry without decision text
//	custodian-decision-no-reason      [warning] decision entry without a reason
//	custodian-tombstone-no-reason     [warning] `## Tombstone:` without text
//	custodian-inbox-full              [warning] inbox.md over 30 items
//	custodian-duplicate-unit          [warning] entry repeated exactly in one file
//	custodian-machine-path            [warning] /Users/name/, /home/name/, /Volumes/name/, C:\Users\name\, D:\ in memory
//	custodian-credential-shape        [error]   a key, token, private key or password URL shape in memory
//	custodian-personal-email          [warning] e-mail address (not example.com) in memory
//	custodian-phone-number            [warning] phone-number-like digit run in memory
//	custodian-agent-file-copy         [warning] AGENTS.md/CLAUDE.md/GEMINI.md copies memory lines
//	custodian-protocol-metadata       [error]   0.6-0.8 metadata contract (keys, values, project_id)
//	custodian-manifest-grammar        [error]   0.6+ routing grammar and lexing
//	custodian-module-declaration      [error]   0.6+ module index and declarations (activation, tasks, paths, globs)
//	custodian-entry-schema            [error]   structured entry schema, body and storage
//	custodian-entry-evidence          [error]   active entry without confirmed Evidence
//	custodian-entry-subject           [error]   unknown or inactive Subject, uncontrolled Facet
//	custodian-subject-coverage        [warning] active owner without Subject and Facet
//	custodian-legacy-entry            [error]   legacy units under protocol 0.8
//	custodian-duplicate-id            [error]   an Entry ID used twice
//	custodian-subject-registry        [error]   subjects.md schema, alias or Canonical-Ref collision
//	custodian-relation                [error]   broken relation; reconciliation record not matching its Resolution
//	custodian-conflict                [error]   two owners of one Scope+Subject+Facet, bad Exception-To
//	custodian-conflict-review         [warning] area and project owner overlap without Exception-To
//	custodian-evidence-legacy         [warning] 0.6+: Evidence still the migration's legacy-unverified
//	custodian-migration-available     [warning] 0.6 or 0.7 memory, which MemoryCustodian 0.12 fails until migrated to 0.8
//	custodian-symlink                 [error]   0.6+: a memory file or module folder is a symlink
//	custodian-entry-order             [warning] decisions or tombstones not newest first
//	custodian-agent-file-entry        [warning] agent entry file too long, with a memory section, or importing memory
//	custodian-local-scope             [error]   entry in a local/ overlay without a local Scope
//	custodian-unreadable              [error]   a memory file is not regular, over the size limit or unreadable
//	custodian-decisions-append-only   [error]   committed decision or tombstone edited or removed
//	custodian-stale                   [warning] area code changed after its memory file
package custodian
