import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { INTERVIEW_MODE_LABELS, type InterviewMode } from '@pb/core';
import type { MailCalendar } from '../../db/schema';

/**
 * The interview as an iCalendar object (RFC 5545, ical-generator): one UID per interview, its
 * SEQUENCE raised by each update, METHOD REQUEST for the invitation and its updates, CANCEL with
 * STATUS:CANCELLED when it is called off — so calendar clients replace or remove the entry they
 * already have. Times in UTC: every client shows them in its own zone, DST included.
 */

export interface InterviewCalendarEvent {
  uid: string;
  sequence: number;
  start: Date;
  durationMinutes: number;
  mode: InterviewMode;
  location: string;
  jobTitle: string;
  companyName: string;
  /** The organiser is the platform (its sender address); the parties are attendees. */
  organizer: { name: string; email: string };
  attendees: Array<{ name: string; email: string }>;
  description: string;
  stamp: Date;
}

export function interviewCalendar(event: InterviewCalendarEvent, method: MailCalendar['method']): MailCalendar {
  const calendar = ical({
    prodId: { company: 'Prämienbörse', product: 'Interviews', language: 'DE' },
    method: method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence,
    stamp: event.stamp,
    start: event.start,
    end: new Date(event.start.getTime() + event.durationMinutes * 60_000),
    summary: `Interview: ${event.jobTitle} (${event.companyName})`,
    description: event.description,
    location: `${INTERVIEW_MODE_LABELS[event.mode]}: ${event.location}`,
    ...(event.mode === 'video' ? { url: event.location } : {}),
    organizer: event.organizer,
    attendees: event.attendees.map((a) => ({
      name: a.name,
      email: a.email,
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.NEEDSACTION,
      rsvp: false,
    })),
    status: method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return { method, content: calendar.toString() };
}
