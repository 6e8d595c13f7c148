// "Your own code": copies the people of your CRM into the platform's contacts. It takes the client
// as an argument (no test hooks): the tests give it one on the mock.
import { type AgentPlatform, isAPIConnectionError, isValidationError } from '@agent-platform/sdk';

/** A person of your CRM. */
export interface Person {
  name: string;
  email: string;
}

/** What a sync did: the contacts it created, those that were there, and those the API refused. */
export interface SyncResult {
  created: string[];
  skipped: string[];
  /** One line per broken rule, for the person to fix in the CRM (the API's messages name the field). */
  refused: { email: string; problems: string[] }[];
}

/**
 * Creates a contact for each person whose email no contact has. Reads every page first: a list that
 * fails halfway throws (after the SDK's retries) before anything is created, so that the people on
 * the pages it did not read are not created twice.
 */
export async function syncContacts(client: AgentPlatform, people: Person[]): Promise<SyncResult> {
  const known = new Set<string>();
  for await (const contact of client.contacts.list({ limit: 100 })) {
    if (contact.email) known.add(contact.email.toLowerCase());
  }
  const result: SyncResult = { created: [], skipped: [], refused: [] };
  for (const person of people) {
    if (known.has(person.email.toLowerCase())) {
      result.skipped.push(person.email);
      continue;
    }
    try {
      result.created.push((await createOnce(client, person)).id);
    } catch (error) {
      if (!isValidationError(error)) throw error;
      const problems = (error.details ?? []).map((detail) => detail.message);
      result.refused.push({ email: person.email, problems });
    }
  }
  return result;
}

/**
 * Creates the contact. The SDK does not retry a POST whose connection failed (it may have been
 * carried out, its answer lost): look for it, and send it again only if it is not there.
 */
async function createOnce(client: AgentPlatform, person: Person): Promise<{ id: string }> {
  try {
    return await client.contacts.create(person);
  } catch (error) {
    if (!isAPIConnectionError(error)) throw error;
    const { data } = await client.contacts.list({ q: person.email });
    const made = data.find((c) => c.email?.toLowerCase() === person.email.toLowerCase());
    return made ?? (await client.contacts.create(person));
  }
}
