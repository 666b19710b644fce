/** The front door of catalog: what other capabilities may use. */
export { CatalogClient } from './catalog-client';
export { CatalogService } from './catalog-service';
