import type { SNSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { InboundText } from './sms-acknowledge';
import { handleTextReplies, inboundTextOf } from './sms-reply-handler';

/** What End User Messaging SMS's two-way channel publishes, as SNS hands it to a Lambda function. */
const snsEvent = (...messages: string[]): SNSEvent => ({
  Records: messages.map((message, index) => ({
    EventSource: 'aws:sns',
    EventVersion: '1.0',
    EventSubscriptionArn: 'arn:aws:sns:eu-west-1:123456789012:coldchain-sms-replies:0b8d5c4e-1f2a-4b3c-9d8e-7f6a5b4c3d2e',
    Sns: {
      Type: 'Notification',
      MessageId: `95df01b4-ee98-5cb9-9903-4c221d41eb5${String(index)}`,
      TopicArn: 'arn:aws:sns:eu-west-1:123456789012:coldchain-sms-replies',
      Subject: '',
      Message: message,
      Timestamp: '2026-11-27T10:15:02.123Z',
      SignatureVersion: '1',
      Signature: 'EXAMPLE',
      SigningCertUrl: 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-0000000000000000000000.pem',
      UnsubscribeUrl: 'https://sns.eu-west-1.amazonaws.com/?Action=Unsubscribe',
      MessageAttributes: {},
    },
  })),
});

const twoWayPayload = JSON.stringify({
  originationNumber: '+447700900123',
  destinationNumber: '+441632960001',
  messageKeyword: 'KEYWORD_123456789012',
  messageBody: 'Ok 4821',
  inboundMessageId: 'cae173d2-66b9-564c-8309-21f858e9fb84',
  previousPublishedMessageId: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
});

describe('texts received through the SNS topic', () => {
  it("reads End User Messaging's two-way payload", () => {
    expect(inboundTextOf(twoWayPayload)).toEqual({ originationNumber: '+447700900123', messageBody: 'Ok 4821', inboundMessageId: 'cae173d2-66b9-564c-8309-21f858e9fb84' });
  });

  it('hands each record\'s text over in order, and skips a record that is not a two-way payload', async () => {
    // Prepare
    const received: InboundText[] = [];
    // Act
    const outcomes = await handleTextReplies(snsEvent(twoWayPayload, 'not json', '[]', JSON.stringify({ messageBody: '4821' })), async (inbound) => {
      received.push(inbound);
      return 'acknowledged';
    });
    // Assess
    expect(received.map((inbound) => inbound.messageBody)).toEqual(['Ok 4821']);
    expect(outcomes).toEqual(['acknowledged', undefined, undefined, undefined]);
  });

  it('bounds what it keeps of a hostile payload', () => {
    // Assess: an oversized message is not read; long fields are cut.
    expect(inboundTextOf(`{"originationNumber":"+447700900123","messageBody":"${'1'.repeat(20_000)}"}`)).toBeUndefined();
    const long = inboundTextOf(JSON.stringify({ originationNumber: `+44${'9'.repeat(100)}`, messageBody: 'x'.repeat(5_000), inboundMessageId: 'i'.repeat(500) }));
    expect(long?.originationNumber.length).toBe(40);
    expect(long?.messageBody.length).toBe(1_600);
    expect(long?.inboundMessageId?.length).toBe(100);
    expect(inboundTextOf(JSON.stringify({ originationNumber: 447700900123, messageBody: '4821' }))).toBeUndefined();
  });
});
