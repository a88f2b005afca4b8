// Azure Communication Services with an Azure-managed e-mail domain for login and invitation mail.
param name string
param dataLocation string = 'Europe'

resource emailService 'Microsoft.Communication/emailServices@2023-04-01' = {
  name: '${name}-email'
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
  location: 'global'
  properties: { dataLocation: dataLocation, linkedDomains: [domain.id] }
}

#disable-next-line outputs-should-not-contain-secrets
output connectionString string = communication.listKeys().primaryConnectionString
output senderDomain string = domain.properties.mailFromSenderDomain
