// Command gen writes the fresh recall set: realistic files of many
// ecosystems, each holding one made-up secret (tp) or one hard negative
// (hn) of a class scanners confuse with a secret, and a manifest naming
// the file, its label and its class. The values are drawn from a seeded
// generator: random, never a provider's live key (none carries a valid
// provider checksum). The output is deterministic.
//
//	go run ./validate/secrets/testdata/freshset/gen write DIR
//	go run ./validate/secrets/testdata/freshset/gen score DIR rg.json gitleaks.json trufflehog.json
//
// score reads remnant-guard's JSON report (scan --format json), gitleaks'
// (--report-format json) and TruffleHog's (--json, one object a line)
// and prints recall and hard-negative false flags for each, by class.
package main

import (
	"bufio"
	"encoding/base32"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/remnant-guard/remnant-guard/internal/crc16"
)

type item struct {
	path, label, class, text string
}

var rnd = rand.New(rand.NewPCG(20261207, 36))

const (
	alnum   = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	lowhex  = "0123456789abcdef"
	b64     = alnum + "+/"
	b64url  = alnum + "-_"
	punct   = alnum + "!#$%&*+-.=?@^_~[]"
	wpChars = alnum + "!#$%&()*+,-./:;<=>?@[]^_{|}~ "
)

func pick(set string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = set[rnd.IntN(len(set))]
	}
	return string(b)
}

// password is a random password of n characters with at least one digit
// and one of each case.
func password(n int) string {
	return pick("ABCDEFGHJKLMNPQRSTUVWXYZ", 1) + pick("abcdefghijkmnpqrstuvwxyz", 1) + pick("23456789", 1) + pick(alnum, n-3)
}

func punctPassword(n int) string {
	for {
		p := password(n-2) + pick("!#$%&*+-.=?@^_~[]", 2)
		b := []byte(p)
		rnd.Shuffle(len(b), func(i, j int) { b[i], b[j] = b[j], b[i] })
		if b[0] != '$' && b[0] != '[' && b[0] != '%' && b[0] != '-' && b[0] != '*' {
			return string(b)
		}
	}
}

func uuid() string {
	h := pick(lowhex, 32)
	return h[:8] + "-" + h[8:12] + "-4" + h[13:16] + "-a" + h[17:20] + "-" + h[20:]
}

func b64of(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

func randB64(nbytes int) string {
	b := make([]byte, nbytes)
	for i := range b {
		b[i] = byte(rnd.IntN(256))
	}
	return base64.StdEncoding.EncodeToString(b)
}

func randB64URL(nbytes int) string {
	b := make([]byte, nbytes)
	for i := range b {
		b[i] = byte(rnd.IntN(256))
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// nkey encodes a NATS key: prefix byte(s), 32 random bytes, CRC-16.
func nkey(prefix ...byte) string {
	raw := append([]byte{}, prefix...)
	for range 32 {
		raw = append(raw, byte(rnd.IntN(256)))
	}
	var c [2]byte
	binary.LittleEndian.PutUint16(c[:], crc16.XModem(raw))
	raw = append(raw, c[:]...)
	return strings.TrimRight(base32.StdEncoding.EncodeToString(raw), "=")
}

func jwt(header, payload string, signed bool) string {
	t := base64.RawURLEncoding.EncodeToString([]byte(header)) + "." + base64.RawURLEncoding.EncodeToString([]byte(payload)) + "."
	if signed {
		t += randB64URL(32)
	}
	return t
}

func items() []item {
	var out []item
	tp := func(path, class, text string) { out = append(out, item{"tp/" + path, "tp", class, text}) }
	hn := func(path, class, text string) { out = append(out, item{"hn/" + path, "hn", class, text}) }

	for i := range 3 {
		d := fmt.Sprintf("k8s%d", i)
		tp(d+"/db-secret.yaml", "k8s-secret-data", fmt.Sprintf("apiVersion: v1\nkind: Secret\nmetadata:\n  name: orders-db\n  namespace: shop\ntype: Opaque\ndata:\n  username: %s\n  password: %s\n", b64of("orders"), b64of(password(14+i))))
		tp(d+"/api-secret.yaml", "k8s-secret-data", fmt.Sprintf("apiVersion: v1\nkind: Secret\nmetadata:\n  name: billing-api\ntype: Opaque\nstringData:\n  API_TOKEN: %s\n", pick(alnum, 32)))
		tp(d+"/docker/config.json", "docker-auths", fmt.Sprintf("{\n  \"auths\": {\n    \"registry.corp.internal:5000\": {\n      \"auth\": \"%s\"\n    }\n  }\n}\n", b64of("deploy:"+password(16))))
		tp(d+"/.npmrc", "npmrc", fmt.Sprintf("registry=https://npm.corp.internal/\n//npm.corp.internal/:_authToken=%s\nalways-auth=true\n", uuid()))
		tp(d+"/npm-password/.npmrc", "npmrc", fmt.Sprintf("//nexus.corp.internal/repository/npm/:username=ci\n//nexus.corp.internal/repository/npm/:_password=%s\n", b64of(password(15))))
		tp(d+"/.netrc", "netrc", fmt.Sprintf("machine api.heroku.com\n  login ops@corp.internal\n  password %s\nmachine git.heroku.com\n  login ops@corp.internal\n", uuid()))
		tp(d+"/mirror/.netrc", "netrc", fmt.Sprintf("machine files.corp.internal login mirror password %s\n", punctPassword(14)))
		tp(d+"/appsettings.json", "connection-string", fmt.Sprintf("{\n  \"ConnectionStrings\": {\n    \"Orders\": \"Server=sql01.corp.internal;Database=Orders;User Id=orders_app;Password=%s;TrustServerCertificate=True\"\n  }\n}\n", punctPassword(16)))
		tp(d+"/deploy.log", "connection-string", fmt.Sprintf("2026-03-02 10:01:07 INFO connecting Host=pg.corp.internal Port=5432 Username=etl Password=%s Database=warehouse\n", password(18)))
		tp(d+"/db.env", "connection-string", fmt.Sprintf("PGCONN=\"host=pg.corp.internal port=5432 dbname=app user=app password=%s sslmode=require\"\n", password(17)))
		tp(d+"/analysis.ipynb", "notebook", fmt.Sprintf("{\n \"cells\": [\n  {\n   \"cell_type\": \"code\",\n   \"execution_count\": 1,\n   \"metadata\": {},\n   \"outputs\": [],\n   \"source\": [\n    \"%%env OPENWEATHER_API_KEY=%s\\n\",\n    \"import requests\"\n   ]\n  }\n ],\n \"metadata\": {},\n \"nbformat\": 4,\n \"nbformat_minor\": 5\n}\n", pick(lowhex, 32)))
		tp(d+"/report.ipynb", "notebook", fmt.Sprintf("{\n \"cells\": [\n  {\n   \"cell_type\": \"code\",\n   \"execution_count\": 3,\n   \"metadata\": {},\n   \"outputs\": [\n    {\n     \"name\": \"stdout\",\n     \"output_type\": \"stream\",\n     \"text\": [\n      \"connected as etl\\n\",\n      \"session_token=%s\\n\"\n     ]\n    }\n   ],\n   \"source\": [\n    \"print(client.describe())\"\n   ]\n  }\n ],\n \"metadata\": {},\n \"nbformat\": 4,\n \"nbformat_minor\": 5\n}\n", pick(alnum, 40)))
		tp(d+"/application.properties", "properties", fmt.Sprintf("spring.datasource.url=jdbc:postgresql://pg.corp.internal:5432/app\nspring.datasource.username=app\nspring.datasource.password=%s\n", punctPassword(15)))
		tp(d+"/mail.properties", "properties", fmt.Sprintf("mail.smtp.host=smtp.corp.internal\nmail.smtp.password = %s\n", password(16)))
		tp(d+"/appsettings.Production.json", "appsettings", fmt.Sprintf("{\n  \"AzureAd\": {\n    \"Instance\": \"https://login.microsoftonline.com/\",\n    \"ClientId\": \"%s\",\n    \"ClientSecret\": \"%s\"\n  }\n}\n", uuid(), pick(alnum+"~._-", 40)))
		tp(d+"/prod.tfvars", "tfvars", fmt.Sprintf("region        = \"eu-west-1\"\ndb_password   = \"%s\"\n", punctPassword(18)))
		tp(d+"/terraform.tfvars", "tfvars", fmt.Sprintf("client_id     = \"%s\"\nclient_secret = \"%s\"\n", uuid(), pick(alnum, 34)))
		tp(d+"/wp-config.php", "wordpress", fmt.Sprintf("<?php\ndefine( 'DB_NAME', 'wordpress' );\ndefine( 'AUTH_KEY',         '%s' );\n", wpKey()))
		tp(d+"/salts/wp-config.php", "wordpress", fmt.Sprintf("<?php\ndefine('SECURE_AUTH_SALT', '%s');\ndefine('WP_DEBUG', false);\n", wpKey()))
		tp(d+"/mysite/settings.py", "django", fmt.Sprintf("import os\n\nDEBUG = False\nSECRET_KEY = '%s'\nALLOWED_HOSTS = ['shop.corp.internal']\n", djangoKey()))
		tp(d+"/blog/settings.py", "django", fmt.Sprintf("SECRET_KEY = \"django-insecure-%s\"\n", djangoKey()))
		tp(d+"/config/master.key", "rails-key", pick(lowhex, 32)+"\n")
		tp(d+"/config/credentials/production.key", "rails-key", pick(lowhex, 32))
		tp(d+"/storage.env", "azure-sas", fmt.Sprintf("AZURE_STORAGE_CONNECTION_STRING=\"BlobEndpoint=https://acct%d.blob.core.windows.net/;SharedAccessSignature=sv=2022-11-02&ss=b&srt=co&sp=rwl&se=2027-01-01T00:00:00Z&st=2026-01-01T00:00:00Z&spr=https&sig=%s\"\n", i, strings.ReplaceAll(randB64(32), "=", "%3D")))
		tp(d+"/upload.sh", "azure-sas", fmt.Sprintf("#!/bin/sh\ncurl -X PUT -T build.zip \"https://acct%d.blob.core.windows.net/builds/build.zip?se=2027-01-01&sp=cw&spr=https&sv=2022-11-02&sr=c&sig=%s\"\n", i, strings.ReplaceAll(strings.ReplaceAll(randB64(32), "+", "%2B"), "=", "%3D")))
		tp(d+"/jdbc.properties", "jdbc", fmt.Sprintf("jdbc.url=jdbc:oracle:thin:scott/%s@//ora.corp.internal:1521/ORCL\n", password(12)))
		tp(d+"/ds.xml", "jdbc", fmt.Sprintf("<datasource jndi-name=\"java:/Orders\">\n  <connection-url>jdbc:mysql://mysql.corp.internal:3306/orders?user=orders&amp;password=%s</connection-url>\n</datasource>\n", password(14)))
		tp(d+"/punct/config.yaml", "punctuation", fmt.Sprintf("database:\n  host: db.corp.internal\n  password: \"%s\"\n", "%"+password(13)+"."))
		tp(d+"/punct/app.ini", "punctuation", fmt.Sprintf("[db]\npassword = -%s$\n", password(14)))
		tp(d+"/punct/.env", "punctuation", fmt.Sprintf("SMTP_PASSWORD=*%s]x\n", password(12)+"["))
		tp(d+"/nats/user.creds", "nats-seed", fmt.Sprintf("-----BEGIN NATS USER JWT-----\n%s\n------END NATS USER JWT------\n\n-----BEGIN USER NKEY SEED-----\n%s\n------END USER NKEY SEED------\n", jwt(`{"typ":"JWT","alg":"ed25519-nkey"}`, `{"jti":"X","sub":"U"}`, true), nkey(18<<3|(20<<3)>>5, (20<<3)&31<<3)))
		tp(d+"/nats/server.conf", "nats-seed", fmt.Sprintf("authorization {\n  users = [ { nkey: %s } ]\n}\n# operator signing seed\nseed: %s\n", nkey(20<<3), nkey(18<<3|(14<<3)>>5, (14<<3)&31<<3)))
		tp(d+"/jwk/private.json", "jwk-private", fmt.Sprintf("{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"%s\",\"y\":\"%s\",\"d\":\"%s\"}\n", randB64URL(32), randB64URL(32), randB64URL(32)))
	}

	// More contexts: package manager and build tool credentials, Helm
	// values, CI variables, shell exports, Java keystores' passwords.
	for i := range 3 {
		d := fmt.Sprintf("more%d", i)
		tp(d+"/.pypirc", "pypirc", fmt.Sprintf("[distutils]\nindex-servers = corp\n\n[corp]\nrepository = https://pypi.corp.internal/\nusername = ci\npassword = %s\n", punctPassword(16)))
		tp(d+"/settings.xml", "maven", fmt.Sprintf("<settings>\n  <servers>\n    <server>\n      <id>corp-releases</id>\n      <username>ci</username>\n      <password>%s</password>\n    </server>\n  </servers>\n</settings>\n", password(18)))
		tp(d+"/gradle.properties", "gradle", fmt.Sprintf("org.gradle.jvmargs=-Xmx2g\nartifactoryPassword=%s\n", password(20)))
		tp(d+"/values.yaml", "helm", fmt.Sprintf("postgresql:\n  auth:\n    username: app\n    password: \"%s\"\n", punctPassword(15)))
		tp(d+"/deploy.sh", "shell", fmt.Sprintf("#!/bin/sh\nexport REGISTRY_TOKEN='%s'\ndocker login -u ci -p \"$REGISTRY_TOKEN\" registry.corp.internal\n", pick(alnum, 36)))
		tp(d+"/keystore.properties", "properties", fmt.Sprintf("storeFile=release.jks\nstorePassword=%s\nkeyAlias=release\nkeyPassword=%s\n", password(14), password(14)))
		hn(d+"/values.yaml", "placeholder", "postgresql:\n  auth:\n    username: app\n    password: \"\"  # set with --set postgresql.auth.password=...\n    existingSecret: pg-credentials\n")
		hn(d+"/settings.xml", "placeholder", "<settings>\n  <servers>\n    <server>\n      <id>corp-releases</id>\n      <username>${env.CI_USER}</username>\n      <password>${env.CI_PASSWORD}</password>\n    </server>\n  </servers>\n</settings>\n")
		hn(d+"/openapi.json", "code", fmt.Sprintf("{\n  \"components\": {\n    \"schemas\": {\n      \"Token\": {\n        \"properties\": {\n          \"nextPageToken\": {\"type\": \"string\", \"example\": \"%s\"},\n          \"requestId\": {\"type\": \"string\", \"example\": \"%s\"}\n        }\n      }\n    }\n  }\n}\n", randB64URL(24), uuid()))
		hn(d+"/shadow.txt", "encoded", fmt.Sprintf("ops:$y$j9T$%s$%s:19700:0:99999:7:::\n", pick(alnum+"./", 22), pick(alnum+"./", 43)))
		hn(d+"/sri.html", "encoded", fmt.Sprintf("<script src=\"https://cdn.corp.internal/app.js\" integrity=\"sha384-%s\" crossorigin=\"anonymous\"></script>\n", randB64(48)))
		hn(d+"/key.pub", "public-key", fmt.Sprintf("ssh-ed25519 %s ops@corp.internal\n", "AAAAC3NzaC1lZDI1NTE5AAAAI"+pick(alnum+"+/", 43)))
	}

	for i := range 2 {
		d := fmt.Sprintf("neg%d", i)
		hn(d+"/jwks.json", "public-key", fmt.Sprintf("{\"keys\":[{\"kty\":\"RSA\",\"use\":\"sig\",\"kid\":\"k%d\",\"alg\":\"RS256\",\"n\":\"%s\",\"e\":\"AQAB\"}]}\n", i, randB64URL(256)))
		hn(d+"/jwk-ec.json", "public-key", fmt.Sprintf("{\n  \"kty\": \"EC\",\n  \"crv\": \"P-256\",\n  \"x\": \"%s\",\n  \"y\": \"%s\"\n}\n", randB64URL(32), randB64URL(32)))
		hn(d+"/nats/accounts.conf", "public-key", fmt.Sprintf("accounts {\n  ORDERS {\n    users = [\n      { nkey: %s }\n    ]\n  }\n}\noperator_key: %s\n", nkey(20<<3), nkey(14<<3)))
		hn(d+"/k8s/secret.yaml", "placeholder", fmt.Sprintf("apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\ndata:\n  password: %s\n  token: %s\n", b64of("your-password-here"), b64of("REPLACE_WITH_TOKEN")))
		hn(d+"/docker/config.json", "placeholder", fmt.Sprintf("{\n  \"auths\": {\n    \"https://index.docker.io/v1/\": {\n      \"auth\": \"%s\"\n    }\n  }\n}\n", b64of([]string{"USERNAME:TOKEN", "<user>:<password>"}[i])))
		hn(d+"/unsigned.txt", "placeholder", fmt.Sprintf("Authorization: Bearer %s\n", jwt(`{"alg":"none","typ":"JWT"}`, fmt.Sprintf(`{"sub":"user-%d","role":"reader"}`, i), false)))
		hn(d+"/client_test.go", "placeholder", "package client\n\nfunc TestAuth(t *testing.T) {\n\treq.Header.Set(\"Authorization\", \"Bearer synthetic-token-for-tests-"+pick(lowhex, 8)+"\")\n}\n")
		hn(d+"/vault.md", "placeholder", "Log in with the token the server printed:\n\n    export VAULT_TOKEN=hvs.myvaulttoken\n")
		hn(d+"/imports.go", "code", "package store\n\nimport (\n\tsecretspb \"cloud.google.com/go/secretmanager/apiv1/secretmanagerpb\"\n\tcredentialsprovider \"github.com/corp/platform/credentials/provider\"\n)\n")
		hn(d+"/deploy.ps1", "code", "$cred = Get-Credential\n$job = Start-Job -Credential $cred -PassThru @jobParameters\nNew-ADUser -AccountPassword $securePassword -PassThru @userProps\n")
		hn(d+"/bootstrap.go", "code", "package bootstrap\n\nvar defaultToken = consts.ServiceTokenPrefix\n\nfunc tokenFor(s string) string {\n\ttoken := consts.BootstrapTokenSecretPrefix + s\n\treturn token\n}\n")
		hn(d+"/types.go", "code", "package auth\n\nconst (\n\tTokenTypeAccessToken  TokenType = \"urn:ietf:params:oauth:token-type:access_token\"\n\tSecretKindClientSecret SecretKind = \"ClientSecretCredential\"\n\tPasswordPolicyStrong   PasswordPolicy = \"StrongPasswordRequired\"\n)\n")
		hn(d+"/users.sql", "encoded", fmt.Sprintf("INSERT INTO users (email, password) VALUES ('ops@corp.internal', '$2b$12$%s');\n", pick(alnum+"./", 53)))
		hn(d+"/htpasswd.yaml", "encoded", fmt.Sprintf("users:\n  - name: ops\n    password_hash: \"$argon2id$v=19$m=65536,t=3,p=4$%s$%s\"\n  - name: ci\n    password: \"$6$%s$%s\"\n", strings.TrimRight(randB64(16), "="), strings.TrimRight(randB64(32), "="), pick(alnum, 16), pick(alnum+"./", 86)))
		hn(d+"/application.yml", "encoded", fmt.Sprintf("spring:\n  datasource:\n    password: '{cipher}%s'\n", pick(lowhex, 96)))
		hn(d+"/authorize.txt", "encoded", fmt.Sprintf("GET /authorize?response_type=code&client_id=app&request=%s HTTP/1.1\n", jwt(`{"alg":"RS256","kid":"k1"}`, `{"iss":"app","aud":"https://op.corp.internal","response_type":"code","redirect_uri":"https://app.corp.internal/cb","scope":"openid"}`, true)))
		hn(d+"/docs/keys.md", "encoded", "The key looks like this (shortened): `AccountKey=Zm9vYmFyYmF6cXV4...` and the secret `client_secret: 8Kq~Wx3...`.\n")
		hn(d+"/docs/azurite.md", "well-known", "Connect to Azurite with:\n\n    DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;\n")
		hn(d+"/cosmos.env", "well-known", "COSMOS_ENDPOINT=https://localhost:8081\nCOSMOS_KEY=C2y6yDjf5/R+ob0N8A7Cgv30VRDJIWEHLM+4QDU5DE2nQ9nDuVTqobD4b8mGGyPMbIZnqyMsEcaGQy67XIw/Jw==\n")
		hn(d+"/docs/jwt.md", "well-known", "An example token from jwt.io:\n\n    token = \"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c\"\n")
		hn(d+"/docs/mongo.md", "well-known", "Connect with a user that has read access:\n\n    mongosh \"mongodb://myDBReader:D1fficultP%40ssw0rd@mongodb0.example.com:27017/?authSource=admin\"\n")
	}
	return out
}

func wpKey() string {
	for {
		k := pick(wpChars, 64)
		if !strings.ContainsAny(k[:1]+k[63:], " ") && !strings.Contains(k, "'") {
			return k
		}
	}
}

func djangoKey() string { return pick("abcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*(-_=+)", 50) }

func write(dir string) error {
	var man strings.Builder
	man.WriteString("path\tlabel\tclass\n")
	for _, it := range items() {
		p := filepath.Join(dir, it.path)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(it.text), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(&man, "%s\t%s\t%s\n", it.path, it.label, it.class)
	}
	return os.WriteFile(filepath.Join(dir, "manifest.tsv"), []byte(man.String()), 0o644)
}

// flagged reads the files a tool's report names, relative to dir.
func flagged(tool, report, dir string) (map[string]bool, error) {
	out := map[string]bool{}
	data, err := os.ReadFile(report)
	if err != nil {
		return nil, err
	}
	add := func(p string) {
		if abs, err := filepath.Abs(dir); err == nil {
			p = strings.TrimPrefix(p, abs+"/")
		}
		p = strings.TrimPrefix(strings.TrimPrefix(p, dir+"/"), "./")
		out[p] = true
	}
	switch tool {
	case "trufflehog":
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			var f struct {
				SourceMetadata struct {
					Data struct {
						Filesystem struct{ File string }
					}
				}
			}
			if json.Unmarshal(sc.Bytes(), &f) == nil && f.SourceMetadata.Data.Filesystem.File != "" {
				add(f.SourceMetadata.Data.Filesystem.File)
			}
		}
	case "gitleaks":
		var fs []struct{ File string }
		if err := json.Unmarshal(data, &fs); err != nil {
			return nil, err
		}
		for _, f := range fs {
			add(f.File)
		}
	default:
		var rep struct {
			Findings []struct{ Path string }
		}
		if err := json.Unmarshal(data, &rep); err != nil {
			var fs []struct{ Path string }
			if err2 := json.Unmarshal(data, &fs); err2 != nil {
				return nil, err
			}
			rep.Findings = fs
		}
		for _, f := range rep.Findings {
			add(f.Path)
		}
	}
	return out, nil
}

func score(dir string, reports []string) error {
	man, err := os.ReadFile(filepath.Join(dir, "manifest.tsv"))
	if err != nil {
		return err
	}
	tools := []string{"remnant-guard", "gitleaks", "trufflehog"}
	type count struct{ n, hit int }
	byClass := map[string][]count{}
	var tpAll, hnAll = make([]count, len(reports)), make([]count, len(reports))
	sets := make([]map[string]bool, len(reports))
	for i, r := range reports {
		if sets[i], err = flagged(tools[i], r, dir); err != nil {
			return fmt.Errorf("%s: %v", r, err)
		}
	}
	for _, row := range strings.Split(strings.TrimSpace(string(man)), "\n")[1:] {
		f := strings.Split(row, "\t")
		key := f[1] + " " + f[2]
		if byClass[key] == nil {
			byClass[key] = make([]count, len(reports))
		}
		for i := range reports {
			hit := 0
			if sets[i][f[0]] {
				hit = 1
			}
			byClass[key][i].n++
			byClass[key][i].hit += hit
			all := tpAll
			if f[1] == "hn" {
				all = hnAll
			}
			all[i].n++
			all[i].hit += hit
		}
	}
	keys := make([]string, 0, len(byClass))
	for k := range byClass {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Printf("%-28s", "class")
	for i := range reports {
		fmt.Printf(" %14s", tools[i])
	}
	fmt.Println()
	for _, k := range keys {
		fmt.Printf("%-28s", k)
		for _, c := range byClass[k] {
			fmt.Printf(" %14s", fmt.Sprintf("%d/%d", c.hit, c.n))
		}
		fmt.Println()
	}
	for _, row := range []struct {
		name string
		c    []count
	}{{"recall", tpAll}, {"hard-negative false flags", hnAll}} {
		fmt.Printf("%-28s", row.name)
		for _, c := range row.c {
			fmt.Printf(" %14s", fmt.Sprintf("%.3f (%d/%d)", float64(c.hit)/float64(c.n), c.hit, c.n))
		}
		fmt.Println()
	}
	return nil
}

func main() {
	var err error
	switch {
	case len(os.Args) == 3 && os.Args[1] == "write":
		err = write(os.Args[2])
	case len(os.Args) >= 4 && len(os.Args) <= 6 && os.Args[1] == "score":
		err = score(os.Args[2], os.Args[3:])
	default:
		err = fmt.Errorf("usage: gen write DIR | gen score DIR RG.json [GITLEAKS.json [TRUFFLEHOG.json]]")
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(2)
	}
}
