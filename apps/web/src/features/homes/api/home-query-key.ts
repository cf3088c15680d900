/** Each role's home query is keyed under ['home']. */
export const homeQueryKey = (role: 'student' | 'staff' | 'company') => ['home', role] as const;
