export interface NavItem { label: string; href: string; /** Also current for paths under it. */ tree?: boolean }
