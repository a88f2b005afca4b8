# azd preprovision hook on Windows: the same checks as preprovision.sh.
$ErrorActionPreference = 'Stop'
if (-not $env:JWT_SECRET) {
  $secret = node -e "process.stdout.write(require('crypto').randomBytes(48).toString('base64'))"
  azd env set JWT_SECRET $secret | Out-Null
  Write-Host "preprovision: generated JWT_SECRET for this environment (kept in .azure/$env:AZURE_ENV_NAME/.env)"
} elseif ($env:JWT_SECRET.Length -lt 32) {
  Write-Error 'preprovision: JWT_SECRET is shorter than 32 characters; azd env set JWT_SECRET <48 random bytes, base64>'
}
if (-not $env:TICKET_SIGNING_KEY) {
  $key = node -e "process.stdout.write(require('crypto').generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'))"
  azd env set TICKET_SIGNING_KEY $key | Out-Null
  Write-Host "preprovision: generated TICKET_SIGNING_KEY for this environment (kept in .azure/$env:AZURE_ENV_NAME/.env)"
}
if (-not $env:SUPER_ADMIN_EMAILS) {
  Write-Error 'preprovision: set who administers this deployment first: azd env set SUPER_ADMIN_EMAILS you@example.org'
}
