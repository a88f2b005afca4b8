#!/bin/sh
# azd preprovision hook (azure.yaml): the settings azd cannot invent, checked before anything is created.
# - JWT_SECRET: generated once per azd environment (48 random bytes) and kept in .azure/<env>/.env, so every later
#   `azd up` signs with the same key (a new one would end every session). Never printed.
# - TICKET_SIGNING_KEY: the Ed25519 private key that signs ticket codes (PKCS#8 DER, base64), generated once per
#   azd environment the same way: a new key would leave every printed ticket unverifiable. Never printed.
# - SUPER_ADMIN_EMAILS: required; without it nobody could administer the deployment.
set -eu
if [ -z "${JWT_SECRET:-}" ]; then
  azd env set JWT_SECRET "$(node -e "process.stdout.write(require('crypto').randomBytes(48).toString('base64'))")" >/dev/null
  echo "preprovision: generated JWT_SECRET for this environment (kept in .azure/${AZURE_ENV_NAME}/.env)"
elif [ "${#JWT_SECRET}" -lt 32 ]; then
  echo "preprovision: JWT_SECRET is shorter than 32 characters; azd env set JWT_SECRET \"\$(openssl rand -base64 48)\"" >&2
  exit 1
fi
if [ -z "${TICKET_SIGNING_KEY:-}" ]; then
  azd env set TICKET_SIGNING_KEY "$(node -e "process.stdout.write(require('crypto').generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'))")" >/dev/null
  echo "preprovision: generated TICKET_SIGNING_KEY for this environment (kept in .azure/${AZURE_ENV_NAME}/.env)"
fi
if [ -z "${SUPER_ADMIN_EMAILS:-}" ]; then
  echo "preprovision: set who administers this deployment first: azd env set SUPER_ADMIN_EMAILS you@example.org" >&2
  exit 1
fi
