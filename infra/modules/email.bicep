// Azure Communication Services with an Azure-managed e-mail domain for login and invitation mail.
// The connection string goes straight into Key Vault; no deployment output ever carries it.
param tags object = {}
param name string
param dataLocation string = 'Europe'
param keyVaultName string

@description('Local part of the sender address; the Azure-managed domain provisions DoNotReply.')
param senderUsername string = 'DoNotReply'

resource emailService 'Microsoft.Communication/emailServices@2023-04-01' = {
  name: '${name}-email'
  tags: tags
  location: 'global'
  properties: { dataLocation: dataLocation }
}

resource domain 'Microsoft.Communication/emailServices/domains@2023-04-01' = {
  parent: emailService
  name: 'AzureManagedDomain'
  location: 'global'
  properties: { domainManagement: 'AzureManaged', userEngagementTracking: 'Disabled' }
}

resource communication 'Microsoft.Communication/communicationServices@2023-04-01' = {
  name: name
  tags: tags
  location: 'global'
  properties: { dataLocation: dataLocation, linkedDomains: [domain.id] }
}

resource vault 'Microsoft.KeyVault/vaults@2023-07-01' existing = {
  name: keyVaultName
}

resource acsSecret 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = {
  parent: vault
  name: 'acs-connection-string'
  properties: { value: communication.listKeys().primaryConnectionString, contentType: 'ACS connection string' }
}

output acsConnectionStringSecretUri string = acsSecret.properties.secretUri
output senderAddress string = '${senderUsername}@${domain.properties.mailFromSenderDomain}'
