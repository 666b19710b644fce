import { MatrixForm } from './MatrixForm';
import { MatrixGrid } from './MatrixGrid';
import './matrix.css';

/** Compare's context matrix: the form beside the grid. */
export function MatrixPanel() {
  return (
    <div className="matrix-home">
      <MatrixForm />
      <MatrixGrid />
    </div>
  );
}
