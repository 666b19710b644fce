/** The front door of catalog: the item-catalog API's views and operations (token status, the active catalog, attributes). */
export {
  type ActiveCatalogView,
  type CatalogAttributeView,
  catalogOperations,
  type ConnectionStep,
  type TokenStatusView,
} from './operations';
