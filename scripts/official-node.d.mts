export function officialNode(version: string): string
