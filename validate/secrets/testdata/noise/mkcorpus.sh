#!/bin/sh
# mkcorpus.sh builds the cross-ecosystem noise benchmark: real third-party
# code at pinned versions, one plain tree per ecosystem, for measuring how
# often a secret scanner flags something that is not a secret.
#
#   validate/secrets/testdata/noise/mkcorpus.sh [-heldout|-unseen|-blind] DEST [go] [debian] [npm]
#
# DEST/<ecosystem>/tree holds the files (default: all three ecosystems).
# There are four sets. The tuned set (the default) is the code the secret
# rules were tuned on. The held-out set (-heldout) is other modules and
# packages, first measured without having been looked at while writing the
# rules; its findings have since been read to fix rules. The unseen set
# (-unseen) is a third list of modules and packages, in none of the others;
# its findings too are now read to fix rules. The blind set (-blind) is a
# fourth list, in none of the others, whose findings are not read to change
# rules (its verdicts are committed for whoever judges): its figures are the
# ones to expect on code the rules have not seen.
#
#   go      Go modules through the module proxy (go mod download), one
#           directory per module@version, as a build would see them.
#   debian  Debian 12 (bookworm) packages that ship Python, Ruby, PHP, Perl
#           and JavaScript sources, documentation and examples, fetched with
#           apt-get download at the exact versions below and unpacked with
#           dpkg-deb -x, with compressed documentation (*.gz) unpacked.
#           Needs bookworm's apt lists (apt-get update).
#   npm     npm packages installed from npm-lock.json beside this script
#           (npm ci --ignore-scripts: every dependency at its locked version),
#           copied out of node_modules. The held-out set installs from
#           heldout-npm-lock.json and then removes every package that the
#           tuned set also installs at the same version; the unseen set
#           installs from unseen-npm-lock.json and removes every package
#           that the tuned or the held-out set installs at the same version;
#           the blind set installs from blind-npm-lock.json and removes every
#           package that any earlier set installs at the same version.
#
# Symbolic links are removed (every scanner then reads the same files once).
# run.sh beside this script scans the trees with each tool and judge.py
# records the findings; README.md explains the judging.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
set=tuned
case ${1:-} in
-heldout) set=heldout; shift ;;
-unseen) set=unseen; shift ;;
-blind) set=blind; shift ;;
esac
dest=${1:?usage: mkcorpus.sh [-heldout|-unseen|-blind] DEST [go] [debian] [npm]}
shift
ecos=${*:-go debian npm}

# Go modules, module@version. Chosen for their test fixtures, examples and
# documentation around credentials: cloud SDKs, auth libraries, servers that
# take keys in their configuration.
gomods="
k8s.io/client-go@v0.37.2
k8s.io/apimachinery@v0.37.2
github.com/hashicorp/vault/api@v1.23.0
github.com/hashicorp/vault@v1.21.4
github.com/hashicorp/terraform@v1.13.3
github.com/hashicorp/consul/api@v1.35.0
github.com/aws/aws-sdk-go-v2@v1.48.0
github.com/aws/aws-sdk-go-v2/config@v1.33.21
github.com/aws/aws-sdk-go-v2/credentials@v1.21.3
github.com/aws/aws-sdk-go-v2/service/sts@v1.53.0
github.com/aws/aws-sdk-go-v2/service/secretsmanager@v1.51.0
golang.org/x/oauth2@v0.38.0
golang.org/x/crypto@v0.59.0
github.com/go-jose/go-jose/v4@v4.1.9
github.com/golang-jwt/jwt/v5@v5.3.1
github.com/nats-io/nats-server/v2@v2.15.3
github.com/nats-io/nkeys@v0.4.17
github.com/nats-io/jwt/v2@v2.8.3
github.com/minio/minio-go/v7@v7.4.1
github.com/prometheus/client_golang@v1.25.0
github.com/coreos/go-oidc/v3@v3.21.0
github.com/go-sql-driver/mysql@v1.11.0
github.com/jackc/pgx/v5@v5.13.0
github.com/stripe/stripe-go/v82@v82.5.1
github.com/slack-go/slack@v0.36.0
github.com/Azure/azure-sdk-for-go/sdk/azcore@v1.24.0
github.com/Azure/azure-sdk-for-go/sdk/azidentity@v1.15.0
github.com/Azure/azure-sdk-for-go/sdk/storage/azblob@v1.8.3
cloud.google.com/go/storage@v1.71.0
github.com/smallstep/certificates@v0.30.2
github.com/caddyserver/caddy/v2@v2.11.9
github.com/docker/cli@v29.10.0+incompatible
github.com/redis/go-redis/v9@v9.24.0
github.com/google/go-github/v74@v74.0.0
github.com/ory/hydra/v2@v2.3.0
"

# Debian 12 packages, package=version.
debpkgs="
python3-django=3:3.2.25-0+deb12u2
wordpress=6.1.9+dfsg1-0+deb12u1
python3-botocore=1.29.27+repack-1
python3-boto3=1.26.27+dfsg-1
python3-notebook=6.4.12-2.2
python3-kubernetes=22.6.0-2
python3-openstacksdk=0.101.0-2
python3-keystoneclient=1:5.0.1-3
python3-keystone=2:22.0.2-0+deb12u1
python3-twisted=22.4.0-4+deb12u1
python3-oauthlib=3.2.2-1
python3-jwt=2.6.0-1+deb12u1
python3-jose=3.3.0+dfsg-4
python3-paramiko=2.12.0-2
python3-social-auth-core=4.3.0-1
python3-django-allauth=0.51.0-1
python3-hvac=0.11.2-1
python3-docker=5.0.3-1
python3-msal=1.21.0-1
python3-pysaml2=7.0.1-2
python3-sqlalchemy=1.4.46+ds1-1
python3-certbot=2.1.0-4
python3-acme=2.1.0-1
python3-celery=5.2.6-5
python3-aiohttp=3.8.4-1+deb12u1
python3-azure-storage=20230112+git-1
python3-pymongo=3.11.0-1+deb12u1
python3-elasticsearch=7.17.6-1
ruby-activerecord=2:6.1.7.10+dfsg-1~deb12u2
ruby-actionpack=2:6.1.7.10+dfsg-1~deb12u2
ruby-activesupport=2:6.1.7.10+dfsg-1~deb12u2
ruby-railties=2:6.1.7.10+dfsg-1~deb12u2
ruby-actionview=2:6.1.7.10+dfsg-1~deb12u2
ruby-aws-sdk-core=3.168.1-2
ruby-devise=4.8.1-1
ruby-fog-aws=3.15.0-1
ruby-net-ssh=1:7.0.1-1
ruby-gitlab=4.17.0-3
php-laravel-framework=8.83.26+dfsg-2
php-guzzlehttp-guzzle=7.4.5-1
libphp-phpmailer=6.6.3-1
php-phpseclib=2.0.42-1+deb12u5
phpmyadmin=4:5.2.1+dfsg-1+deb12u1
libmojolicious-perl=9.31+dfsg-1
libnet-amazon-s3-perl=0.991-1
libcatalyst-perl=5.90130-1
perl-doc=5.36.0-7+deb12u3
libjs-jquery-ui=1.13.2+dfsg-1
libjs-bootstrap5=5.2.3+dfsg-8
node-axios=1.2.1+dfsg-1+deb12u1
"

# The held-out set: none of these is in the lists above. Go modules picked
# the same way (web frameworks, cloud and SaaS SDKs, auth and OIDC
# libraries), at the newest version when the set was made.
heldout_gomods="
github.com/gin-gonic/gin@v1.12.0
github.com/spf13/cobra@v1.10.2
github.com/docker/docker@v28.5.2+incompatible
cloud.google.com/go/pubsub@v1.52.0
github.com/hashicorp/nomad/api@v0.0.0-20261016150620-df630b26e78a
github.com/hashicorp/go-plugin@v1.8.0
github.com/gophercloud/gophercloud/v2@v2.16.0
github.com/twilio/twilio-go@v1.31.0
github.com/sendgrid/sendgrid-go@v3.16.1+incompatible
golang.org/x/net@v0.63.0
github.com/lestrrat-go/jwx/v2@v2.1.7
github.com/go-git/go-git/v5@v5.19.3
github.com/ory/fosite@v0.49.0
github.com/ory/kratos@v1.3.1
github.com/zitadel/oidc/v3@v3.53.0
github.com/labstack/echo/v4@v4.16.6
github.com/digitalocean/godo@v1.243.0
github.com/cloudflare/cloudflare-go@v0.119.0
github.com/go-ldap/ldap/v3@v3.4.15
github.com/segmentio/kafka-go@v0.4.51
github.com/influxdata/influxdb-client-go/v2@v2.14.0
github.com/gorilla/sessions@v1.4.0
"

heldout_debpkgs="
python3-requests=2.28.1+dfsg-1
python3-requests-oauthlib=1.3.0+ds-1
python3-authlib=1.2.0-1+deb12u1
python3-google-auth=1.5.1-3
python3-oauth2client=4.1.3-3
python3-boto=2.49.0-4.1
python3-swiftclient=1:4.1.0-2
python3-novaclient=2:18.1.0-3
python3-glanceclient=1:4.1.0-2
python3-heatclient=3.1.0-2
python3-ldap3=2.9.1-2
python3-cryptography=38.0.4-3+deb12u1
python3-openssl=23.0.0-1
python3-onelogin-saml2=1.12.0-2+deb12u1
python3-itsdangerous=2.1.2-3
python3-werkzeug=2.2.2-3+deb12u1
python3-tornado=6.2.0-3+deb12u4
python3-fabric=2.6.0-1
python3-flask-security=5.1.2-1
python-flask-doc=2.2.2-3
ansible-core=2.14.18-0+deb12u2
ruby-omniauth=2.1.1-1
ruby-jwt=2.5.0-1
ruby-oauth2=1.4.4-1
ruby-octokit=4.20.0-1
ruby-aws-sdk-s3=1.117.2-1
ruby-rack=2.2.22-0+deb12u1
ruby-sinatra=3.0.5-3+deb12u1
ruby-faraday=1.1.0-7
ruby-net-ldap=0.17.0-1
redmine=5.0.4-5+deb12u1
php-symfony-security-core=5.4.23+dfsg-1+deb12u5
libcrypt-jwt-perl=0.034-1
libnet-oauth-perl=0.28-4
libdancer2-perl=0.400001+dfsg-1
libjs-jquery=3.6.1+dfsg+~3.5.14-1
node-express=4.18.2+~4.17.14-1
python3-libcloud=3.4.1-5
python3-twilio=7.7.1+ds1-1
python3-dropbox=11.34.0-1
python3-passlib=1.7.4-3
python3-asyncssh=2.10.1-2+deb12u2
python3-github=1.55-3
python3-stripe=5.0.0-1
python3-pyramid=2.0+dfsg-2
python3-tweepy=4.12.1-3
python3-gitlab=1:3.12.0-1
python3-ldap=3.4.3-2+deb12u1
python3-jwcrypto=1.1.0-1+deb12u1
python3-josepy=1.13.0-1
python3-keyring=23.9.3-2
python3-gnupg=0.4.9-1
python3-httpx=0.23.3-1
python3-responses=0.18.0-1
python3-requests-toolbelt=0.10.1-1
python3-social-django=5.0.0-1
ruby-openid=2.9.2debian-2
ruby-rotp=6.2.0-2
ruby-omniauth-oauth2=1.8.0-1
libnet-ldap-perl=1:0.6800+dfsg-1
libauthen-sasl-perl=2.1600-3
php-google-recaptcha=1.2.4-5
"

# The unseen set: in none of the lists above, picked the same way (web
# frameworks, cloud and SaaS SDKs, auth, OIDC, crypto and database client
# libraries, packages with documentation and examples), at the newest
# version the module proxy and bookworm served when the set was made.
unseen_gomods="
github.com/gofiber/fiber/v2@v2.52.15
github.com/go-chi/chi/v5@v5.5.0
github.com/gorilla/securecookie@v1.1.2
github.com/gorilla/websocket@v1.5.3
github.com/go-webauthn/webauthn@v0.18.2
github.com/pquerna/otp@v1.5.0
github.com/casbin/casbin/v2@v2.135.0
github.com/lib/pq@v1.12.3
go.mongodb.org/mongo-driver/v2@v2.10.0
github.com/ClickHouse/clickhouse-go/v2@v2.51.0
github.com/elastic/go-elasticsearch/v8@v8.19.7
github.com/gocql/gocql@v1.7.0
github.com/IBM/sarama@v1.61.1
github.com/go-acme/lego/v5@v5.6.0
github.com/letsencrypt/pebble/v2@v2.10.3
github.com/spiffe/go-spiffe/v2@v2.9.0
github.com/sigstore/rekor@v1.5.4
github.com/google/go-containerregistry@v0.22.1
gitlab.com/gitlab-org/api/client-go/v2@v2.64.0
github.com/bwmarrin/discordgo@v0.28.1
github.com/go-telegram-bot-api/telegram-bot-api/v5@v5.5.1
github.com/emersion/go-smtp@v0.26.0
github.com/pkg/sftp@v1.13.12
github.com/gliderlabs/ssh@v0.3.8
cloud.google.com/go/kms@v1.37.0
github.com/aws/aws-sdk-go-v2/service/s3@v1.115.0
github.com/aws/aws-sdk-go-v2/service/iam@v1.66.0
github.com/aws/aws-sdk-go-v2/feature/rds/auth@v1.7.12
gocloud.dev@v0.49.0
github.com/jmoiron/sqlx@v1.4.0
github.com/uptrace/bun@v1.3.0
github.com/hashicorp/hcl/v2@v2.25.0
github.com/spiffe/spire@v1.13.3
github.com/hashicorp/cap@v0.16.0
github.com/MicahParks/keyfunc/v3@v3.9.2
github.com/alexedwards/scs/v2@v2.9.0
github.com/getsentry/sentry-go@v0.46.2
github.com/stripe/smokescreen@v0.1.0
github.com/hashicorp/memberlist@v0.7.0
"

unseen_debpkgs="
python3-flask=2.2.2-3
python3-fastapi=0.92.0-1
python3-starlette=0.26.1-1+deb12u2
python3-falcon=3.1.1-1+b1
python3-bottle=0.12.23-1.1
python3-redis=4.3.4-3
python3-psycopg2=2.9.5-1+b1
python3-pymysql=1.0.2-2+deb12u1
python3-asyncpg=0.27.0-1+b2
python3-googleapi=1.7.12-1
python3-keystoneauth1=5.0.0-2
python3-oslo.config=1:9.0.0-3
python3-barbicanclient=5.4.0-3
python3-openstackclient=6.0.0-4
python3-msrest=0.6.21-2
python3-adal=1.2.7-2
python3-jenkins=1.4.0-3
python3-jira=3.4.1-1
python3-nacl=1.5.0-2
python3-bcrypt=3.2.2-1
python3-pyotp=2.6.0-3
python3-requests-kerberos=0.12.0-2
python3-httplib2=0.20.4-3+deb12u1
python3-urllib3=1.26.12-1+deb12u4
python3-scrapy=2.8.0-2
python3-sentry-sdk=1.9.10-2+deb12u1
python3-influxdb=5.3.1-3
python3-consul=0.7.1-2
python3-kazoo=2.8.0-2
python3-pika=1.2.0-1
python3-kombu=5.2.4-1
python3-s3transfer=0.6.0-1
python3-mysqldb=1.4.6-2+b1
python3-neutronclient=1:8.1.0-2
python3-cinderclient=1:9.1.0-3
python3-troveclient=1:8.0.0-2
python3-designateclient=5.0.0-2
python3-octaviaclient=3.1.0-2
python3-magnumclient=4.0.0-2
python3-zaqarclient=2.4.0-2
python3-oslo.messaging=14.0.3-0+deb12u1
python3-google-auth-oauthlib=0.4.2-1
python3-flask-login=0.6.2-1
python3-django-oauth-toolkit=1.7.0-2
python3-djangorestframework=3.14.0-2+deb12u1
python3-djangorestframework-simplejwt=5.2.2-1
python3-webob=1:1.8.6-3
python3-cherrypy3=18.8.0-2
python3-txaio=21.2.1-2
python3-autobahn=22.7.1+dfsg1-2
python3-wsproto=1.2.0-1
python3-mechanize=1:0.4.8+pypi-5
ruby-actionmailer=2:6.1.7.10+dfsg-1~deb12u4
ruby-activestorage=2:6.1.7.10+dfsg-1~deb12u4
ruby-actioncable=2:6.1.7.10+dfsg-1~deb12u4
ruby-warden=1.2.8-1
ruby-rack-oauth2=1.21.3-1
ruby-aws-sdk-kms=1.24.0-3
ruby-fog-core=2.3.0-1
ruby-redis=4.8.0-1
ruby-pg=1.4.5-1+b1
ruby-mysql2=0.5.3-4+b1
ruby-mongo=2.5.1-1.1
ruby-httparty=0.21.0-1
ruby-rest-client=2.1.0-3
ruby-excon=0.88.0-1
ruby-webmock=3.18.1-2
ruby-vcr=6.0.0+really5.0.0-5
ruby-sentry-raven=3.1.2+ds-3
ruby-doorkeeper=5.5.0-2+deb12u1
ruby-json-jwt=1.14.0-2
ruby-openid-connect=1.2.0-2
ruby-omniauth-twitter=1.4.0-1
ruby-oauth=0.5.4-1.1
ruby-twitter=7.0.0-2
ruby-googleauth=0.13.0-3
ruby-faraday-middleware=1.2.0-4
ruby-net-scp=4.0.0-1
ruby-sshkit=1.21.2-1
ruby-aws-sigv4=1.5.1-2
php-symfony-http-foundation=5.4.53+dfsg-0+deb12u1
php-predis=1.1.10-2
php-doctrine-dbal=3.6.1+dfsg-1
php-monolog=2.9.1-1
php-guzzlehttp-psr7=2.4.5-1+deb12u1
php-symfony-mailer=5.4.53+dfsg-0+deb12u1
php-phpseclib3=3.0.19-1+deb12u6
php-horde-imap-client=2.30.6-3
roundcube-core=1.6.5+dfsg-1+deb12u14
libnet-openid-consumer-perl=1.18-2
libauthen-oath-perl=2.0.1-2
libcrypt-openssl-rsa-perl=0.33-3+b1
libio-socket-ssl-perl=2.081-2
libjson-webtoken-perl=0.10-4
libdbi-perl=1.643-4+deb12u4
libdbd-pg-perl=3.16.0-2
libplack-perl=1.0050-1
libdancer-perl=1.3521+dfsg-1
libmojo-jwt-perl=0.09-1
libwww-perl=6.68-1
libnet-ssleay-perl=1.92-2+b1
libauthen-radius-perl=0.32-1
libnet-twitter-perl=4.01043-2
libamazon-sqs-simple-perl=2.07-1.1
libjs-bootstrap4=4.6.1+dfsg1-4+deb12u1
libjs-angularjs=1.8.3-1+deb12u1
node-ws=8.11.0+~cs13.7.3-1
node-request=2.88.1-6
node-passport=0.6.0+~1.0.0-2
node-oauth-sign=0.9.0-4
node-http-signature=1.3.6-2
node-sshpk=1.17.0+dfsg-2
node-tough-cookie=4.0.0-2+deb12u1
libjs-openlayers=2.13.1+ds2-10
python3-certipy=0.1.3-4
python3-impacket=0.10.0-4
python3-yubico=1.3.3-0.3
python3-fido2=0.9.1-1
python3-u2flib-server=5.0.0-1.1
"

# The blind set: in none of the lists above, picked the same way (web
# frameworks, cloud and SaaS SDKs, auth, OIDC, crypto, database and messaging
# clients, packages with documentation and examples), at the newest version
# the module proxy and bookworm served when the set was made. Its findings
# are judged in judged-blind-*.tsv and not read while writing rules.
blind_gomods="
github.com/gorilla/mux@v1.8.1
github.com/valyala/fasthttp@v1.80.0
github.com/auth0/go-jwt-middleware/v2@v2.3.1
github.com/markbates/goth@v1.82.0
github.com/dexidp/dex@v2.13.0+incompatible
github.com/pocketbase/pocketbase@v0.40.4
github.com/aws/aws-sdk-go-v2/service/dynamodb@v1.74.1
github.com/aws/aws-sdk-go-v2/service/kms@v1.63.0
github.com/aws/aws-sdk-go-v2/service/sqs@v1.53.0
github.com/aws/aws-sdk-go-v2/service/ssm@v1.84.0
cloud.google.com/go/secretmanager@v1.24.0
cloud.google.com/go/firestore@v1.29.2
github.com/Azure/azure-sdk-for-go/sdk/security/keyvault/azsecrets@v1.5.1
github.com/Azure/azure-sdk-for-go/sdk/messaging/azservicebus@v1.11.0
github.com/rabbitmq/amqp091-go@v1.17.0
github.com/nats-io/nats.go@v1.56.0
github.com/twmb/franz-go@v1.22.3
github.com/gomodule/redigo@v1.9.3
github.com/microsoft/go-mssqldb@v1.11.2
gorm.io/gorm@v1.31.2
github.com/golang-migrate/migrate/v4@v4.20.1
github.com/ProtonMail/go-crypto@v1.5.2
github.com/mailgun/mailgun-go/v4@v4.23.0
github.com/go-resty/resty/v2@v2.17.2
github.com/crewjam/saml@v0.6.3
github.com/russellhaering/goxmldsig@v1.6.1
github.com/tink-crypto/tink-go/v2@v2.9.0
filippo.io/age@v1.3.2
github.com/getsops/sops/v3@v3.13.3
github.com/SherClockHolmes/webpush-go@v1.4.0
firebase.google.com/go/v4@v4.22.0
github.com/prometheus/alertmanager@v0.35.0
github.com/cli/cli/v2@v2.105.0
github.com/wneessen/go-mail@v0.8.2
github.com/zalando/go-keyring@v0.2.8
github.com/hashicorp/go-tfe@v1.111.2
google.golang.org/grpc@v1.85.0
github.com/coredns/coredns@v1.15.0
github.com/bitnami-labs/sealed-secrets@v0.40.0
github.com/hashicorp/vault/sdk@v0.25.1
github.com/aws/aws-lambda-go@v1.55.1
github.com/shurcooL/githubv4@v0.0.0-20260209031235-2402fdf4a9ed
github.com/PagerDuty/go-pagerduty@v1.8.0
"

blind_debpkgs="
jupyterhub=3.0.0+ds1-1
libapache-htpasswd-perl=1.9-3
libauthen-simple-perl=0.5-1.1
libcatalyst-plugin-authentication-perl=0.10023-4
libcrypt-cbc-perl=3.04-3
libcrypt-dsa-perl=1.17-5
libcrypt-openssl-x509-perl=1.9.14-2+b1
libcryptx-perl=0.077-1+b1
libdbd-mysql-perl=4.050-5+b1
libemail-sender-perl=2.600-1
libjs-bootstrap=3.4.1+dfsg-3+deb12u2
libjs-d3=3.5.17-4
libmojolicious-plugin-openapi-perl=5.09-1
libnet-amazon-ec2-perl=0.36-2
libnet-dns-sec-perl=1.20-1+b1
libnet-oauth2-perl=0.67-1
libnet-sftp-foreign-perl=1.93+dfsg-1
libnet-ssh2-perl=0.73-1+b1
libredis-perl=2:2.000-1
mailman3=3.3.8-2~deb12u2
node-aws4=1.11.0-2
node-cookie-signature=1.1.0+~1.0.3-2
node-elliptic=6.5.4~dfsg-2
node-got=11.8.5+~cs58.13.36-3
node-keygrip=1.1.0+~cs3.0.8-1
node-mongodb=3.6.4+~cs11.13.19-2
node-mysql=2.18.1+~2.3.2-2
node-nodemailer=6.8.0+~6.4.6-1
node-pg=8.8.0+~cs35.9.20-1
node-redis=4.5.1+~1.1.2-1+deb12u1
node-superagent=8.0.5-1
node-tweetnacl=1.0.3+dfsg-3
php-horde-auth=2.2.2-10
php-horde-crypt=2.7.12-9
php-mongodb=1.15.0+1.11.1+1.9.2+1.7.5-1
php-sabre-dav=1.8.12-10
php-slim=3.12.4-1
php-symfony-amazon-mailer=5.4.53+dfsg-0+deb12u1
php-symfony-http-client=5.4.53+dfsg-0+deb12u1
php-symfony-ldap=5.4.53+dfsg-0+deb12u1
php-symfony-mailgun-mailer=5.4.53+dfsg-0+deb12u1
php-symfony-messenger=5.4.53+dfsg-0+deb12u1
php-symfony-notifier=5.4.53+dfsg-0+deb12u1
php-symfony-security-bundle=5.4.53+dfsg-0+deb12u1
php-symfony-security-csrf=5.4.53+dfsg-0+deb12u1
php-symfony-security-http=5.4.53+dfsg-0+deb12u1
php-symfony-sendgrid-mailer=5.4.53+dfsg-0+deb12u1
php-twig=3.5.1-1+deb12u3
python3-aiomysql=0.1.1-2
python3-aiopg=1.4.0-1
python3-alembic=1.8.1-2
python3-ansible-runner=2.3.1-2
python3-aodh=15.0.0-3+deb12u1
python3-aodhclient=3.0.0-2
python3-argon2=21.1.0-2
python3-barbican=1:15.0.1-2
python3-betamax=0.8.1-3
python3-cassandra=3.25.0-2+b1
python3-castellan=4.0.0-2
python3-certbot-dns-cloudflare=2.0.0-1
python3-certbot-dns-digitalocean=2.0.0-1
python3-certbot-dns-google=2.0.0-2
python3-certbot-dns-rfc2136=2.1.0-1
python3-certbot-dns-route53=2.1.0-1
python3-cheroot=9.0.0+ds1-2
python3-confluent-kafka=1.7.0-4
python3-designate=1:15.0.2-0+deb11u1
python3-digitalocean=1.16.0-3
python3-django-auth-ldap=4.1.0-3
python3-django-axes=5.39.0-2
python3-django-cors-headers=3.14.0-1
python3-django-debug-toolbar=1:3.8.1-1
python3-django-environ=0.4.4-5
python3-django-extensions=3.2.1-2
python3-django-guardian=2.4.0-2
python3-django-otp=1.1.3-1
python3-django-redis=5.2.0-1
python3-django-storages=1.13.2-1+deb12u1
python3-ecdsa=0.18.0-3
python3-fakeredis=1.9.0-0.1
python3-flask-cors=3.0.10-2+deb12u1
python3-flask-httpauth=4.5.0-4
python3-flask-principal=0.4.0-4
python3-flask-restful=0.3.9-6
python3-flask-sqlalchemy=3.0.3-1
python3-glance=2:25.1.0-2+deb12u5
python3-gnocchiclient=7.0.7-3
python3-gssapi=1.8.2-1+b1
python3-gunicorn=20.1.0-6+deb12u1
python3-hcloud=1.18.2-1
python3-heat=1:19.0.0-3
python3-httpretty=1.1.4-1
python3-ironicclient=5.0.1-2
python3-jupyter-server=1.23.3-1
python3-kafka=2.0.2-3
python3-kerberos=1.1.14-3.1+b7
python3-keyrings.alt=4.2.0-1
python3-keystonemiddleware=10.1.0-4
python3-macaroonbakery=1.3.1-5
python3-magnum=15.0.1-4
python3-manila=1:15.1.0-2
python3-manilaclient=4.1.1-1
python3-mastodon=1.8.0-1
python3-matrix-nio=0.20.1-3
python3-mistralclient=1:4.5.0-2
python3-mongoengine=0.24.2-4
python3-motor=2.3.0-3
python3-ncclient=0.6.13-1
python3-netmiko=2.4.2-2
python3-openshift=0.13.1-3
python3-os-client-config=2.1.0-1
python3-oslo.db=12.1.0-3
python3-oslo.middleware=5.0.0-2
python3-oslo.policy=4.0.0-2
python3-paho-mqtt=1.6.1-1
python3-pecan=1.4.1-1
python3-peewee=3.14.10+dfsg-1+b3
python3-pem=19.1.0-2
python3-pg8000=1.10.6-3
python3-pgpy=0.6.0-1
python3-praw=7.6.0-1
python3-proxmoxer=1.2.0-2
python3-psycopg=3.1.7-4
python3-pycryptodome=3.11.0+dfsg1-4
python3-pydantic=1.10.4-1+deb12u1
python3-pymacaroons=0.13.0-6
python3-pymemcache=3.5.2-1
python3-pyrad=2.1-3
python3-pyvmomi=6.7.1-4
python3-requests-mock=1.9.3-2
python3-requests-ntlm=1.1.0-3
python3-rq=1.13.0-1
python3-rsa=4.8-1
python3-scrypt=0.8.20-2+b2
python3-secretstorage=3.3.3-1
python3-service-identity=18.1.0-8
python3-stomp=8.0.0-1
python3-suds=1.1.2-1
python3-swift=2.30.1-0+deb12u3
python3-trove=1:18.0.0-2
python3-trustme=0.9.0-1.1
python3-uvicorn=0.17.6-1
python3-vcr=4.2.1-1
python3-waitress=2.1.2-2+deb12u1
python3-webtest=3.0.0-2
python3-xmlsec=1.3.13-1+b1
python3-zeep=4.2.1-1
python3-zmq=24.0.1-4+b1
roundcube-plugins=1.6.5+dfsg-1+deb12u14
ruby-actionmailbox=2:6.1.7.10+dfsg-1~deb12u4
ruby-actiontext=2:6.1.7.10+dfsg-1~deb12u4
ruby-activejob=2:6.1.7.10+dfsg-1~deb12u4
ruby-activemodel=2:6.1.7.10+dfsg-1~deb12u4
ruby-bcrypt=3.1.18-1
ruby-bunny=2.19.0-2
ruby-dalli=3.0.6-1.1
ruby-devise-two-factor=4.0.2-1
ruby-ed25519=1.3.0+ds-1+b4
ruby-fog-google=1.15.0-3
ruby-fog-openstack=1.0.8-2.1
ruby-grape=1.6.2-3
ruby-http=4.4.1-5
ruby-httpclient=2.8.3+git20211122.4658227-1
ruby-kubeclient=4.9.3-2
ruby-mail=2.7.1+dfsg1-2
ruby-net-http-persistent=3.1.0-2
ruby-net-sftp=1:4.0.0-1
ruby-omniauth-github=2.0.1-2
ruby-omniauth-openid-connect=0.10.0-2
ruby-omniauth-saml=2.1.0-2
ruby-rack-attack=6.6.1-1
ruby-rack-cors=1.1.1-1
ruby-rack-protection=3.0.5-3+deb12u1
ruby-rbnacl=7.1.1-1
ruby-sequel=5.63.0-1
ruby-sidekiq=6.4.1+dfsg-1
ruby-typhoeus=1.4.0-3
"

npm_files=npm
case $set in
heldout)
	gomods=$heldout_gomods
	debpkgs=$heldout_debpkgs
	npm_files=heldout-npm
	;;
unseen)
	gomods=$unseen_gomods
	debpkgs=$unseen_debpkgs
	npm_files=unseen-npm
	;;
blind)
	gomods=$blind_gomods
	debpkgs=$blind_debpkgs
	npm_files=blind-npm
	;;
esac

tree_size() {
	printf '%s: %s files, %s bytes\n' "$1" \
		"$(find "$dest/$1/tree" -type f | wc -l)" \
		"$(find "$dest/$1/tree" -type f -printf '%s\n' | awk '{s+=$1} END {print s}')"
}

build_go() {
	rm -rf "$dest/go"
	mkdir -p "$dest/go/tree" "$dest/go/modcache"
	for m in $gomods; do
		# The module's zip as the proxy serves it (go mod download checks it
		# against the checksum database); unzipped here rather than taken from
		# the module cache's Dir, which a module asking for a newer Go lacks.
		zip=$(cd /tmp && GOMODCACHE="$dest/go/modcache" GOFLAGS=-mod=mod GOTOOLCHAIN=local \
			go mod download -json "$m" | sed -n 's/^[[:space:]]*"Zip": "\(.*\)",$/\1/p')
		[ -f "$zip" ] || { echo "mkcorpus: no zip for $m" >&2; exit 2; }
		unzip -q "$zip" -d "$dest/go/tree"
	done
	chmod -R u+w "$dest/go/modcache"
	rm -rf "$dest/go/modcache"
	find "$dest/go/tree" -type l -exec rm -f {} +
	tree_size go
}

build_debian() {
	rm -rf "$dest/debian"
	mkdir -p "$dest/debian/debs" "$dest/debian/tree"
	# shellcheck disable=SC2086 # one argument per package
	(cd "$dest/debian/debs" && apt-get download $debpkgs)
	for deb in "$dest"/debian/debs/*.deb; do
		name=$(dpkg-deb -f "$deb" Package)
		mkdir -p "$dest/debian/tree/$name"
		dpkg-deb -x "$deb" "$dest/debian/tree/$name"
	done
	find "$dest/debian/tree" -type l -exec rm -f {} +
	# Debian compresses documentation and examples; a project keeps them as
	# text, and only some scanners look inside gzip files.
	find "$dest/debian/tree" -type f -name '*.gz' -exec gunzip -f {} +
	tree_size debian
}

build_npm() {
	rm -rf "$dest/npm"
	mkdir -p "$dest/npm/install" "$dest/npm/tree"
	cp "$here/$npm_files-package.json" "$dest/npm/install/package.json"
	cp "$here/$npm_files-lock.json" "$dest/npm/install/package-lock.json"
	(cd "$dest/npm/install" && npm ci --ignore-scripts --omit=optional --no-audit --no-fund)
	if [ "$set" != tuned ]; then
		# Keep the sets apart: a package an earlier set holds at the same
		# version is dropped (with its own node_modules, if any).
		earlier=$here/npm-lock.json
		case $set in
		unseen) earlier="$earlier $here/heldout-npm-lock.json" ;;
		blind) earlier="$earlier $here/heldout-npm-lock.json $here/unseen-npm-lock.json" ;;
		esac
		# shellcheck disable=SC2086 # one argument per lock file
		python3 - "$dest/npm/install/package-lock.json" $earlier <<-'EOF' |
		import json, sys
		def pkgs(lock):
		    for path, meta in json.load(open(lock))["packages"].items():
		        if path:
		            yield path, (path.rsplit("node_modules/", 1)[-1], meta.get("version"))
		seen = {key for lock in sys.argv[2:] for _, key in pkgs(lock)}
		for path, key in pkgs(sys.argv[1]):
		    if key in seen:
		        print(path)
		EOF
			while read -r p; do rm -rf "${dest:?}/npm/install/$p"; done
	fi
	cp -R "$dest/npm/install/node_modules/." "$dest/npm/tree/"
	rm -rf "$dest/npm/tree/.bin" "$dest/npm/tree/.package-lock.json"
	find "$dest/npm/tree" -type l -exec rm -f {} +
	tree_size npm
}

for e in $ecos; do
	case $e in
	go) build_go ;;
	debian) build_debian ;;
	npm) build_npm ;;
	*) echo "mkcorpus: unknown ecosystem $e (go, debian, npm)" >&2; exit 2 ;;
	esac
done
