// Stand-ins for the services around the one under test answer through the same contract as the real
// ones: an answer that breaks its operation's schema never reaches the service under test, and the test
// that provoked it fails (setup.ts), so a stub cannot drift from the service it stands in for.
import express, { type Express, type Response } from 'express';
import { ContractViolation, checkAnswer } from './contract.ts';

/** Breaches of the contract by stubs, kept until the test that caused them ends. */
const breaches: ContractViolation[] = [];

/** Throws a ContractViolation naming every breach stubs have made since the last call (and forgets them). */
export function assertNoStubBreaches(): void {
  const found = breaches.splice(0);
  if (found.length > 0) throw new ContractViolation(found.map((breach) => breach.message).join('\n'));
}

/** Answers a test sends outside the contract on purpose. */
const outsideContract = new WeakSet<Response>();

/** Sends an answer that breaks the contract on purpose (a test of how a caller copes with a malformed answer). */
export function sendOutsideContract(res: Response, body: unknown): void {
  outsideContract.add(res);
  res.json(body);
}

/**
 * An Express app for a stand-in of another service: every JSON answer is checked against the contract
 * (public operations and the internal answers services read). A breach is answered as a 500
 * `CONTRACT_VIOLATION` instead, and kept to fail the running test.
 */
export function stubApp(): Express {
  const app = express();
  app.use((req, res, next) => {
    const send = res.json.bind(res);
    res.json = (body: unknown) => {
      if (outsideContract.has(res)) return send(body);
      try {
        checkAnswer(req.method, req.originalUrl, res.statusCode, body);
      } catch (err) {
        if (!(err instanceof ContractViolation)) throw err;
        breaches.push(new ContractViolation(`A stub's answer broke the contract: ${err.message}`));
        res.status(500);
        return send({ message: err.message, code: 'CONTRACT_VIOLATION' });
      }
      return send(body);
    };
    next();
  });
  return app;
}
