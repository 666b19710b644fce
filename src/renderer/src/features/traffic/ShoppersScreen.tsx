import { TrafficPanel } from './TrafficPanel';

/** Shoppers: what shoppers searched, clicked and bought — the traffic's figures, each query, the worklists and ratings from clicks. */
export default function ShoppersScreen() {
  return (
    <div className="card-screen shoppers-screen">
      <TrafficPanel />
    </div>
  );
}
