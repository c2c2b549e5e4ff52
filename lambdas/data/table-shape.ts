/**
 * The single table's shape, declared once: lib/data.ts makes it on AWS, local/table.ts in
 * DynamoDB Local. Its indexes are generic (`<index>pk`/`<index>sk`, every attribute projected),
 * so an entity maps its access patterns onto them (docs/data-model.md).
 */
export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  globalIndexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
  ttlAttribute: 'ttl',
  /** The notifier reads the table's changes (lambdas/notifier/stream.ts): both images, to see what moved. */
  streamViewType: 'NEW_AND_OLD_IMAGES',
} as const;
