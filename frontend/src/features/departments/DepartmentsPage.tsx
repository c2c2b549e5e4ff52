import { NamedCatalogPage } from '../named-catalog';

/** Administration > Departments (SPEC sections 2, 3, 5). */
export default function DepartmentsPage() {
  return <NamedCatalogPage path="/departments" section="departments" />;
}
