// Key Vault for the service's secrets. RBAC authorization (no access policies), soft delete, purge protection.
// The JWT secret and the ticket signing key are written here from the deployment; the ACS connection string is written by email.bicep.
// The function app's identity is granted "Key Vault Secrets User" in function-app.bicep, next to the settings
// that reference these secrets, so the grant exists before the references are resolved.
param tags object = {}
param name string
param location string

@description('Purge protection cannot be turned off again; a deleted vault then blocks its name for the retention period.')
param purgeProtection bool = true

@secure()
@minLength(32)
@description('HS256 signing secret for session tokens.')
param jwtSecret string

@secure()
@minLength(64)
@description('Ed25519 private key that signs ticket codes: PKCS#8, base64 DER (one line) or PEM.')
param ticketSigningKey string

resource vault 'Microsoft.KeyVault/vaults@2023-07-01' = {
  name: name
  tags: tags
  location: location
  properties: {
    tenantId: subscription().tenantId
    sku: { family: 'A', name: 'standard' }
    enableRbacAuthorization: true
    enableSoftDelete: true
    softDeleteRetentionInDays: 90
    // ARM rejects `false` here; purge protection off is expressed by leaving the property out.
    enablePurgeProtection: purgeProtection ? true : null
    publicNetworkAccess: 'Enabled'
  }
}

resource jwt 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = {
  parent: vault
  name: 'jwt-secret'
  properties: { value: jwtSecret, contentType: 'HS256 signing key' }
}

resource ticketKey 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = {
  parent: vault
  name: 'ticket-signing-key'
  properties: { value: ticketSigningKey, contentType: 'Ed25519 private key, PKCS#8' }
}

output name string = vault.name
// Versionless URI: the app follows the newest version of the secret (rotation without a template change).
output jwtSecretUri string = jwt.properties.secretUri
output ticketSigningKeyUri string = ticketKey.properties.secretUri
