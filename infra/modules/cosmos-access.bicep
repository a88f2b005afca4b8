// Keyless data-plane access: the Function App's managed identity gets the built-in Data Contributor role.
param accountName string
param principalId string

resource account 'Microsoft.DocumentDB/databaseAccounts@2024-05-15' existing = {
  name: accountName
}

var dataContributor = '00000000-0000-0000-0000-000000000002'

resource assignment 'Microsoft.DocumentDB/databaseAccounts/sqlRoleAssignments@2024-05-15' = {
  parent: account
  name: guid(account.id, principalId, dataContributor)
  properties: {
    roleDefinitionId: '${account.id}/sqlRoleDefinitions/${dataContributor}'
    principalId: principalId
    scope: account.id
  }
}
