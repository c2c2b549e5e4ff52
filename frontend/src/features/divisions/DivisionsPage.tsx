import { NamedCatalogPage } from '../named-catalog';

/** Administration > Divisions (SPEC sections 2, 3, 5). */
export default function DivisionsPage() {
  return <NamedCatalogPage path="/divisions" section="divisions" />;
}
