/** A message as the SMTP catcher's API returns it. */
export interface CaughtEmail {
  id: string;
  subject: string;
  to: { address: string; name?: string }[];
  from: { address: string; name?: string }[];
  html?: string;
  text?: string;
}

/** Reads what the SMTP catcher (MailDev) received. */
export function smtpCatcher(apiUrl: string) {
  return {
    async list(): Promise<CaughtEmail[]> {
      const response = await fetch(`${apiUrl}/email`);
      if (!response.ok) throw new Error(`SMTP catcher answered ${response.status}`);
      return (await response.json()) as CaughtEmail[];
    },
    async to(address: string): Promise<CaughtEmail[]> {
      const all = await this.list();
      return all.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
    },
  };
}
