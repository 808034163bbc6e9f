#!/usr/bin/env python3
"""propose.py DEST ECO: proposes a verdict for each value group of
DEST/ECO/out/findings.jsonl from its context, into DEST/ECO/groups.auto.tsv.

Each rule below was written after reading the groups it covers in this
benchmark (JWK public members, NATS public nkeys and claims JWTs, PEM blocks
with or without key material, alg-none JWTs, import paths, human-readable
stand-in passwords, ...). Groups named in DEST/ECO/groups.tsv (judged by hand)
are left alone, and what no rule covers stays pending for judge.py. Read the
proposals before trusting them: `judge.py DEST ECO pending` lists what is left,
and judged-ECO.tsv shows every verdict with its reason. The proposals do not
depend on the set: run it with the same NOISE_SET (heldout, unseen,
blind) as judge.py.
"""
import json,sys,re,base64,collections,os
import importlib.util
spec=importlib.util.spec_from_file_location('judge',os.path.join(os.path.dirname(os.path.abspath(__file__)),'judge.py')); J=importlib.util.module_from_spec(spec); spec.loader.exec_module(J)
dest,eco=sys.argv[1],sys.argv[2]
tree=os.path.join(dest,eco,'tree')
def b64d(s):
    s=s+'='*(-len(s)%4)
    try: return base64.urlsafe_b64decode(s).decode('utf-8','replace')
    except Exception: return ''
def jwt(v):
    m=re.search(r'eyJ[\w-]+\.[\w-]*(\.[\w-]*)?',v)
    if not m: return None
    p=m.group(0).split('.')
    return b64d(p[0]), b64d(p[1]) if len(p)>1 else '', len(p[2]) if len(p)>2 else 0
PH=re.compile(r'(?i)^[a-z_.-]*(pass|pa55|passw0rd|password|secret|s3cr3t|secr3t|s3cret|pwd|changeme|tiger|foo|bar|baz|admin|demo|dummy|fake|sample|example|test|mypass|hunter2|letmein|qwerty|xxx|your|my-?|placeholder|redacted|token|key)[a-z0-9_!.-]*$')
UUID=re.compile(r'^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$')
WELL={'AKIAIOSFODNN7EXAMPLE':'AWS documentation example key id','wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY':'AWS documentation example secret key',
 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==':'Azurite storage emulator key (documented, public)',
 'C2y6yDjf5/R+ob0N8A7Cgv30VRDJIWEHLM+4QDU5DE2nQ9nDuVTqobD4b8mGGyPMbIZnqyMsEcaGQy67XIw/Jw==':'Cosmos DB emulator key (documented, public)'}
HDR=re.compile(r'-----BEGIN [A-Z ]*PRIVATE KEY( BLOCK)?-----')
def key_material(v, path, line):
    """'key' when base64 key material follows the PEM header, 'short' when
    the block ends before a usable key, None when no key material follows
    (code that builds or matches a PEM block)."""
    m=HDR.search(v)
    rest=v[m.end():] if m else ''
    if len(rest)<200:
        rest='\n'.join(J.read_line(tree,path,n) for n in range(line,line+40))
        m=HDR.search(rest); rest=rest[m.end():] if m else ''
    end=re.search(r'-----END [A-Z ]*PRIVATE KEY',rest)
    block=rest[:end.start()] if end else rest
    first=None
    for piece in re.split(r'\\r\\n|\\n|\r?\n',block):
        piece=piece.strip().strip('"\'`,;+()> ').replace('\\r','')
        if not piece or ':' in piece: continue
        first=piece.split()[0].strip('.')
        break
    if first is None or not re.fullmatch(r'[A-Za-z0-9+/=]{20,}',first):
        return None
    if re.search(r'^\s*(\.\.\.|\u2026)\s*$|\\n\.\.\.\\n',block,re.M):
        return 'short'
    body=re.sub(r'[^A-Za-z0-9+/=]','',block)
    try:
        text=base64.b64decode(body+'='*(-len(body)%4)).decode('ascii')
        if re.fullmatch(r'[ -~]+',text): return 'text'
    except Exception:
        pass
    if end and len(body)<60:
        return 'short'
    return 'key'
def judge(f):
    v=f['value']; t=f['text']; c=max(f['col']-1,0); path=f['path']; rule=f['rule']
    pre=t[max(0,c-60):c]
    ks=re.findall(r'[A-Za-z_][\w-]*',pre); key=ks[-1] if ks else ''
    gv=J.group_value(tree,path,f['line'],v)
    core=v.strip().strip('"\'')
    for w,r in WELL.items():
        if w in v: return ('false','well-known-public',r)
    if gv.startswith('private key '):
        km=key_material(v, path, f['line'])
        if km=='key': return ('test','','private key material in a test fixture or example')
        if km=='text': return ('false','placeholder','PEM block around base64 of plain text, no key')
        if km=='short': return ('false','encoded-non-credential','truncated or elided key, no usable key')
        if '...' in v[:200] or '\u2026' in v[:200]: return ('false','placeholder','truncated key (no key material) in documentation')
        return ('false','code-as-assignment','PEM header in code, no key material')
    j=jwt(v)
    if j and re.match(r'^\s*eyJ',v.strip().strip('"\'`')):
        h,p,sl=j
        if '"none"' in h.lower() or sl==0: return ('false','placeholder','unsigned JWT (alg none or no signature)')
        if '1234567890' in p and 'John Doe' in p: return ('false','well-known-public','the jwt.io example token')
        if 'ed25519' in h and re.search(r'"iss":"[OA]',p): return ('false','encoded-non-credential','NATS claims JWT: signed public claims, no use without the nkey seed')
        if 'PBES2' in h: return ('false','encoded-non-credential','password-encrypted JWK (JWE ciphertext)')
        if key in ('request','request_object'): return ('false','encoded-non-credential','signed OIDC request object')
        return ('test','','signed JWT in a test, fixture or example')
    if key in ('d','p','q','dp','dq','qi') and re.search(r'[\'"]%s[\'"]\s*:'%key,pre):
        return ('test','','private JWK member (%s) in a test or example'%key)
    if key in ('n','x','y','e','x5c','x5t') and re.search(r'[\'"]%s[\'"]\s*:'%key,pre):
        return ('false','public-key','public JWK member (%s)'%key)
    if core.startswith('\\u0026'): return ('false','other','rest of a URL query after an empty parameter, read as its value')
    if key=='Body' and 'replay' in path: return ('false','encoded-non-credential','recorded HTTP response body (base64 JSON)')
    if key=='pageToken' or 'pageToken=' in pre[-12:]: return ('false','encoded-non-credential','pagination token in a URL')
    if '/internal/certification/' in path and key in ('access_token','refresh_token','client_secret','Bearer','id_token','id_token_hint','client_assertion'):
        return ('test','','token a test server issued, in a conformance-test log')
    if re.match(r'^[\w.-]+\.[a-z]{2,}/[\w./-]+$',core) and ('import' in t or re.match(r'^\s*\w+\s+"',t)): return ('false','code-as-assignment','Go import path with an alias')
    if 'myvault' in core or core.lower().startswith(('your','<','${','{{','xxx')): return ('false','placeholder','named stand-in')
    if re.match(r'^[A-Za-z_]\w*(\.[A-Za-z_]\w*)+(\(.*)?$',core) and not re.search(r'\d',core): return ('false','code-as-assignment','identifier or expression in code, not a literal')
    if re.match(r'^[OAUNCX][A-Z2-7]{55}$',core): return ('false','public-key','NATS public nkey')
    if re.match(r'^S[OAUNCX][A-Z2-7]{56}$',core): return ('test','','NATS nkey seed in a test or example')
    if UUID.match(core) and re.search(r'(?i)(request|change|idempotency|lifecycle|first_key|second_key|nonexistent|continuation|key_id|keyid)',pre): return ('false','other','UUID identifier (request, change or map key), not a credential')
    words=re.findall(r'[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+',core)
    if (re.fullmatch(r'[A-Za-z_]\w*',core) and f['col']>0 and t[c-1:c] in (' ','\t','=','(',',','[')
            and (re.search(r'[a-z][A-Z]',core) or re.fullmatch(r'[A-Z][A-Z0-9]*(_[A-Z0-9]+)+',core))
            and sum(ch.isdigit() for ch in core)<=3 and all(re.search(r'[aeiouyAEIOUY]',w) or w.isdigit() or len(w)<=3 for w in words)):
        return ('false','code-as-assignment','identifier in code, not a literal')
    if len(core)<=16 and PH.match(core): return ('false','placeholder','human-readable stand-in password or token')
    m=re.match(r'^[a-z][\w+.-]*://([^:/@\s]*):([^@\s]*)@',core)
    if m:
        pw=m.group(2)
        if len(pw)<=16 and PH.match(pw): return ('false','placeholder','human-readable stand-in password in a URL')
        if pw.startswith(('$','%(','{','<','*')): return ('false','placeholder','template or variable in place of the password')
    return None
_a=os.path.join(dest,eco,'groups.auto.tsv')
if os.path.exists(_a): os.remove(_a)
groups={}; unj=collections.OrderedDict()
manual={}
_m=os.path.join(dest,eco,'groups.tsv')
if os.path.exists(_m):
    for l in open(_m):
        if l.strip(): manual[l.split('\t')[0]]=1
for f in J.load_findings(dest,eco):
    if f['group'] in manual or f"{f['path']}:{f['line']}" in manual: continue
    r=judge(f)
    if r is None: unj.setdefault(f['group'],f); continue
    groups.setdefault(f['group'],r)
out=os.path.join(dest,eco,'groups.auto.tsv')
with open(out,'w') as fh:
    for g,(a,b,c) in groups.items(): fh.write(f"{g}\t{a}\t{b}\t{c}\n")
print(len(groups),'auto groups;',len(unj),'left', file=sys.stderr)
