// Cosmos DB for NoSQL, serverless. Containers and partition keys as in shared/store/client.ts; TTL on the containers
// whose documents expire; composite indexes for the multi-field ORDER BY queries (shared/store/client.ts).
param tags object = {}
param accountName string
param location string
param databaseName string = 'tickets'

resource account 'Microsoft.DocumentDB/databaseAccounts@2024-05-15' = {
  name: accountName
  tags: tags
  location: location
  kind: 'GlobalDocumentDB'
  properties: {
    databaseAccountOfferType: 'Standard'
    consistencyPolicy: { defaultConsistencyLevel: 'Session' }
    locations: [{ locationName: location, failoverPriority: 0 }]
    capabilities: [{ name: 'EnableServerless' }]
    disableLocalAuth: true
    minimalTlsVersion: 'Tls12'
  }
}

resource database 'Microsoft.DocumentDB/databaseAccounts/sqlDatabases@2024-05-15' = {
  parent: account
  name: databaseName
  properties: { resource: { id: databaseName } }
}

var compositeByCreatedAt = [
  [{ path: '/createdAt', order: 'ascending' }, { path: '/id', order: 'ascending' }]
  [{ path: '/createdAt', order: 'descending' }, { path: '/id', order: 'descending' }]
]

var containers = [
  { name: 'orgs', partitionKey: '/organizationId', ttl: true, composite: compositeByCreatedAt }
  { name: 'users', partitionKey: '/id', ttl: false, composite: [] }
  { name: 'auth', partitionKey: '/id', ttl: true, composite: [] }
  { name: 'sharedEvents', partitionKey: '/sharedEventId', ttl: true, composite: [] }
]

resource sqlContainers 'Microsoft.DocumentDB/databaseAccounts/sqlDatabases/containers@2024-05-15' = [
  for c in containers: {
    parent: database
    name: c.name
    properties: {
      resource: union(
        {
          id: c.name
          partitionKey: { paths: [c.partitionKey], kind: 'Hash' }
          indexingPolicy: {
            indexingMode: 'consistent'
            includedPaths: [{ path: '/*' }]
            excludedPaths: [{ path: '/"_etag"/?' }]
            compositeIndexes: c.composite
          }
        },
        c.ttl ? { defaultTtl: -1 } : {}
      )
    }
  }
]

output endpoint string = account.properties.documentEndpoint
output accountName string = account.name
output databaseName string = databaseName
