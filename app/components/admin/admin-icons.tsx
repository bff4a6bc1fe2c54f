// Icons only the admin uses, in the frame of ~/components/icons; the list and form actions share the
// playlist pages' plus, arrow and trash icons.
import { Icon } from "~/components/icons";

export { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from "~/components/collections/collection-icons";

export const SearchIcon = ({ className }: { className?: string }) => (
  <Icon className={className}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Icon>
);
export const UploadIcon = ({ className }: { className?: string }) => (
  <Icon className={className}>
    <path d="M12 16V4M7 9l5-5 5 5M5 20h14" />
  </Icon>
);
