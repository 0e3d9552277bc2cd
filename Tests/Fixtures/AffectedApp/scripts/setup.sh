#!/bin/sh
bundle install
