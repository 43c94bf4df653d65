import type { Health, HealthItem } from '@shared/app';

const parts = [
  ['partner', 'Partner'],
  ['printer', 'Printer'],
  ['journal', 'Journal'],
] as const;

/** The state is written out in words as well as colour, so nobody has to tell green from amber. */
export function StatusStrip({ health }: { health: Health }) {
  return (
    <section className="status-strip" aria-label="Till status">
      {parts.map(([key, title]) => (
        <StatusItem key={key} title={title} item={health[key]} />
      ))}
      {/* Only on a till that ships to head office: "12 records not sent, oldest 2 h 5 min ago". */}
      {health.fleet && <StatusItem title="Head office" item={health.fleet} />}
    </section>
  );
}

function StatusItem({ title, item }: { title: string; item: HealthItem }) {
  return (
    <div className={`status-item status-${item.state}`} data-testid={`status-${title.toLowerCase()}`}>
      <span className="status-dot" aria-hidden="true" />
      <div>
        <div className="status-title">
          {title}: <strong>{item.label}</strong>
        </div>
        <div className="status-detail">{item.detail}</div>
      </div>
    </div>
  );
}
