/**
 * The libraries every page runs on, loaded (and run) as a step of their own before the app's code
 * (boot.ts), so that neither is one long task on a phone.
 */
import 'react';
import 'react-dom/client';
import 'react-router';
import 'react-router/dom';
import '@tanstack/react-query';
import 'zod';
