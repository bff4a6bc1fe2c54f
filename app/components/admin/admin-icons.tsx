// Icons only the admin uses, drawn like app/components/icons.tsx (24×24, stroke = currentColor, decorative).
function AdminIcon({ className = "size-5", children }: { className?: string; children: React.ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const SearchIcon = ({ className }: { className?: string }) => (
  <AdminIcon className={className}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </AdminIcon>
);
export const ArrowUpIcon = ({ className }: { className?: string }) => (
  <AdminIcon className={className}>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </AdminIcon>
);
export const ArrowDownIcon = ({ className }: { className?: string }) => (
  <AdminIcon className={className}>
    <path d="M12 5v14M19 12l-7 7-7-7" />
  </AdminIcon>
);
export const PlusIcon = ({ className }: { className?: string }) => (
  <AdminIcon className={className}>
    <path d="M12 5v14M5 12h14" />
  </AdminIcon>
);
export const TrashIcon = ({ className }: { className?: string }) => (
  <AdminIcon className={className}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </AdminIcon>
);
export const UploadIcon = ({ className }: { className?: string }) => (
  <AdminIcon className={className}>
    <path d="M12 16V4M7 9l5-5 5 5M5 20h14" />
  </AdminIcon>
);
