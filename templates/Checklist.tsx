import { Icon } from "./Icon";

export interface ChecklistProps {
  items: { title: string; detail?: string }[];
}

export function Checklist({ items }: ChecklistProps) {
  return (
    <ul className="checklist">
      {items.map((item) => (
        <li key={item.title}>
          <Icon name="check" />
          <span>
            <strong>{item.title}</strong>
            {item.detail && <> — {item.detail}</>}
          </span>
        </li>
      ))}
    </ul>
  );
}
