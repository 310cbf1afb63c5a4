import type { ComponentProps, ComponentType } from "react";
import { islands, type IslandName } from "../client/islands";

type IslandSpec = { [N in IslandName]: { name: N; props: ComponentProps<(typeof islands)[N]> } }[IslandName];

/** Server half of an island: render the component now, and mark where the browser takes over with the same props. */
export function Island({ name, props }: IslandSpec) {
  const Component = islands[name] as ComponentType<typeof props>;
  return (
    <div data-island={name} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
